import type en from "../en/lookup";
import type { Translation } from "../types";

const lookup: Translation<typeof en> = {
  title: "Recherche DID chez l’opérateur",
  description: "Qui détient un numéro côté opérateurs : fournisseur, opérateur, routage et historique de portabilité.",
  form: {
    number: "Numéro de téléphone",
    numberHelp: "Tout format : (212) 555-0100, 212.555.0100, +1 212 555 0100.",
    submit: "Rechercher",
  },
  result: {
    heading: "Résultat pour",
    holdingVendor: "Fournisseur détenteur",
    carrier: "Opérateur",
    spid: "SPID",
    ocn: "OCN",
    lrn: "LRN",
    rateCenter: "Centre tarifaire",
    lata: "LATA",
    state: "État",
    city: "Ville",
    type: "Type de numéro",
    lineType: "Type de ligne",
    cnam: "Nom de l’appelant (CNAM)",
    ported: "Porté",
    portedOn: "Oui, le {{date}}",
    notPorted: "Non",
    unknown: "Inconnu",
    inInventory: "Ce numéro est dans notre inventaire ({{organization}}, {{status}}).",
    provider: "stock du fournisseur",
    openInInventory: "L’ouvrir dans la liste des numéros",
    notInInventory: "Ce numéro n’est pas dans notre inventaire.",
  },
  types: { local: "Local", toll_free: "Numéro vert", mobile: "Mobile" },
  lineTypes: { landline: "Fixe", wireless: "Mobile", voip: "VoIP", toll_free: "Numéro vert" },
  statuses: {
    available: "disponible",
    reserved: "réservé",
    in_service: "en service",
    porting_in: "en cours de portage",
    disconnected: "résilié",
  },
  unparseable: {
    not_a_number: "Ce n’est pas un numéro de téléphone.",
    too_short: "Trop peu de chiffres pour un numéro nord-américain (10 chiffres).",
    too_long: "Trop de chiffres pour un numéro nord-américain (10 chiffres).",
    not_nanp: "Seuls les numéros nord-américains (+1) peuvent être recherchés.",
    invalid: "Ce n’est pas un numéro nord-américain valide.",
    duplicate: "Présent deux fois.",
  },
};

export default lookup;

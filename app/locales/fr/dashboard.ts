import type en from "../en/dashboard";
import type { Translation } from "../types";

const dashboard: Translation<typeof en> = {
  title: "Tableau de bord",
  welcome: "Bon retour, {{name}}.",
  figures: {
    title: "Chiffres clés",
    organizations: "Organisations",
    users: "Utilisateurs",
    active_numbers: "Numéros actifs",
    open_porting_orders: "Portabilités en cours",
    numbers_without_e911: "Numéros sans E911",
  },
  chart: {
    title: "Activité par jour",
    subtitle: "Modifications enregistrées ces 30 derniers jours",
    description: "Modifications par jour sur {{days}} jours. Total : {{total}}. Jour le plus chargé : {{peakDay}} ({{peak}}).",
    empty: "Aucune activité sur cette période.",
    bar: "{{day}} — modifications : {{formatted}}",
    showData: "Afficher les chiffres",
    day: "Jour",
    count: "Modifications",
  },
  recent: {
    title: "Activité récente",
    subtitle: "Les dernières modifications",
    viewAll: "Tout afficher",
    empty: "Rien ne s’est encore passé.",
    by: "par {{actor}}",
    system: "le système",
  },
};

export default dashboard;

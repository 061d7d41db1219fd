import type en from "../en/documents";
import type { Translation } from "../types";

const documents: Translation<typeof en> = {
  title: "Documents de marque",
  description:
    "Logos, papiers à en-tête, grilles tarifaires et autres fichiers de votre organisation, et les documents du fournisseur visibles par toutes les organisations.",
  search: "Rechercher par nom",
  empty: "Aucun document pour l’instant.",
  shared: "Toutes les organisations",
  sharedOption: "Toutes les organisations (fournisseur)",
  previewOf: "Aperçu de {{name}}",
  pdfPreviewHint: "Les documents PDF s’ouvrent dans la visionneuse PDF de votre navigateur.",
  versionN: "version {{version}}",
  uploadFailed: "Le téléversement a échoué. Réessayez.",
  columns: { name: "Nom", type: "Type", size: "Taille", uploader: "Téléversé par", date: "Date", organization: "Organisation" },
  kinds: { pdf: "PDF", png: "Image PNG", jpeg: "Image JPEG", webp: "Image WebP", gif: "Image GIF", svg: "Image SVG" },
  scopes: { organization: "Documents de l’organisation", shared: "Documents du fournisseur" },
  filters: { type: "Type", scope: "Portée", all: "Tous", allOrganizations: "Toutes les organisations" },
  actions: {
    download: "Télécharger",
    downloadNamed: "Télécharger {{name}}",
    delete: "Supprimer",
    deleteNamed: "Supprimer {{name}}",
    openPdf: "Ouvrir dans la visionneuse PDF",
    close: "Fermer",
  },
  delete: {
    title: "Supprimer ce document ?",
    description: "{{name}} et toutes ses versions précédentes seront supprimés. Cette action est irréversible.",
  },
  rename: { label: "Nom", submit: "Renommer" },
  replace: { label: "Remplacer par un nouveau fichier", submit: "Remplacer" },
  versions: { title: "Versions précédentes", none: "Aucune version précédente.", entry: "Version {{version}} : {{name}}" },
  upload: {
    title: "Téléverser un document",
    description: "PDF, PNG, JPEG, WebP, GIF ou SVG, jusqu’à 10 Mo. Le type est vérifié d’après le contenu du fichier, pas son nom.",
    file: "Fichier",
    hint: "Choisissez un fichier, ou déposez-le sur ce cadre.",
    name: "Nom (facultatif)",
    nameHint: "Par défaut, le nom du fichier.",
    submit: "Téléverser",
    drop: "ou déposez un fichier ici",
    progress: "Progression du téléversement",
  },
  letter: {
    organization: "Organisation",
    choose: "Choisir une organisation",
    generate: "Générer la lettre de bienvenue",
    hint: "Un PDF avec le logo et les coordonnées de l’organisation, ajouté à ses documents.",
  },
  toasts: {
    uploaded: "Document téléversé.",
    replaced: "Document remplacé ; la version précédente est conservée.",
    renamed: "Document renommé.",
    deleted: "Document supprimé.",
    generated: "Lettre de bienvenue générée.",
  },
};

export default documents;

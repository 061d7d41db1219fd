import type en from "../en/ui";

const ui: typeof en = {
  close: "Fermer",
  cancel: "Annuler",
  confirm: {
    title: "Êtes-vous sûr ?",
    confirm: "Confirmer",
  },
  toaster: {
    label: "Notifications",
    close: "Fermer la notification",
  },
  dataTable: {
    search: "Rechercher",
    searchPlaceholder: "Rechercher…",
    apply: "Appliquer",
    export: "Exporter en CSV",
    perPageLabel: "Lignes par page",
    showing: "Affichage de {{from}} à {{to}} sur {{total}} entrées",
    showingCapped: "Affichage de {{from}} à {{to}} sur plus de {{total}} entrées",
    empty: "Aucun enregistrement correspondant.",
    columns: "Colonnes",
    columnsLabel: "Afficher ou masquer des colonnes",
    sortedAscending: "tri croissant",
    sortedDescending: "tri décroissant",
    pagination: "Pagination",
    firstPage: "Première page",
    previousPage: "Page précédente",
    nextPage: "Page suivante",
    lastPage: "Dernière page",
    page: "Page {{page}}",
  },
  bulk: {
    label: "Actions groupées",
    select: "Sélectionner",
    selectPage: "Sélectionner toutes les lignes de cette page",
    applyTo: "Appliquer à",
    scopeTickedRows: "Lignes cochées",
    scopeTicked: "Lignes cochées ({{count}})",
    scopePage: "Toute cette page ({{count}})",
    scopeAll: "Tout ce qui correspond au filtre ({{total}})",
    noneSelected: "Cochez au moins une ligne, ou choisissez « Toute cette page » ou « Tout ce qui correspond au filtre ».",
    failed: "L’action n’a pas pu être appliquée.",
    skipped: "{{count}} ignoré(s) : {{reasons}}",
    reason: "{{reason}} ({{count}})",
    remaining: "{{count}} autre(s) correspondent : relancez l’action pour continuer",
    unchanged: "déjà ainsi",
    gone: "n’existe plus",
    selection: "Choisissez les lignes cochées ou le filtre de la liste, pas les deux.",
  },
};

export default ui;

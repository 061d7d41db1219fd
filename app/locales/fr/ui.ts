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
};

export default ui;

const ui = {
  close: "Close",
  cancel: "Cancel",
  confirm: {
    title: "Are you sure?",
    confirm: "Confirm",
  },
  toaster: {
    label: "Notifications",
    close: "Close notification",
  },
  dataTable: {
    search: "Search",
    searchPlaceholder: "Search…",
    apply: "Apply",
    export: "Export CSV",
    perPageLabel: "Rows per page",
    showing: "Showing {{from}} to {{to}} of {{total}} entries",
    showingCapped: "Showing {{from}} to {{to}} of {{total}}+ entries",
    empty: "No matching records found.",
    columns: "Columns",
    columnsLabel: "Show or hide columns",
    sortedAscending: "sorted ascending",
    sortedDescending: "sorted descending",
    pagination: "Pagination",
    firstPage: "First page",
    previousPage: "Previous page",
    nextPage: "Next page",
    lastPage: "Last page",
    page: "Page {{page}}",
  },
};

export default ui;

const nav = {
  sections: {
    main: "Overview",
    administration: "Administration",
    logs: "Logs",
    tools: "Tools",
    resources: "Resources",
  },
  dashboard: "Dashboard",
  users: "Users",
  organizations: "Organizations",
  roles: "Roles",
  systemSettings: "System settings",
  activityLog: "Activity log",
  mailLog: "Mail log",
  changeLog: "Change log",
  systemStatus: "System status",
  apiDocumentation: "API documentation",
  clientSuccess: "Client success center",
  billing: "Billing",
  feedback: "Portal feedback",
  phoneNumbers: "Phone numbers",
  orderNumbers: "Order numbers",
  numberOrders: "Number orders",
  // E911 and porting tools.
  e911: "E911",
  portingCheck: "Portability check",
  portingOrders: "Porting orders",
  didLookup: "Vendor DID lookup",
  externalLink: "{{label}} (opens in a new tab)",
  textToSpeech: "Text-to-speech",
  deviceOverrides: "Device overrides",
  smtpRelay: "SMTP relay",
  brandedDocuments: "Branded documents",
  // Importing phone numbers (issue 10).
  importNumbers: "Import numbers",
  // Residential user wizard.
  residentialWizard: "Add residential subscriber",
} as const;

export default nav;

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
  externalLink: "{{label}} (opens in a new tab)",
  smtpRelay: "SMTP relay",
  brandedDocuments: "Branded documents",
} as const;

export default nav;

const dashboard = {
  title: "Dashboard",
  welcome: "Welcome back, {{name}}.",
  figures: {
    title: "Key figures",
    organizations: "Organizations",
    users: "Users",
    active_numbers: "Active numbers",
    open_porting_orders: "Open porting orders",
    numbers_without_e911: "Numbers without E911",
  },
  chart: {
    title: "Activity per day",
    subtitle: "Changes recorded in the last 30 days",
    description: "Changes per day over {{days}} days. Total: {{total}}. Busiest day: {{peakDay}} ({{peak}}).",
    empty: "No activity in this period.",
    bar: "{{day}} — changes: {{formatted}}",
    showData: "Show the figures",
    day: "Day",
    count: "Changes",
  },
  recent: {
    title: "Recent activity",
    subtitle: "The latest changes",
    viewAll: "View all",
    empty: "Nothing has happened yet.",
    by: "by {{actor}}",
    system: "the system",
  },
} as const;

export default dashboard;

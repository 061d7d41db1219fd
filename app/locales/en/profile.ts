const profile = {
  title: "Profile",
  tabsLabel: "Profile sections",
  tabs: {
    account: "Account",
    security: "Security",
    preferences: "Preferences",
  },
  account: {
    title: "Account details",
    description: "Your name, e-mail address and language.",
    name: "Name",
    email: "E-mail address",
    language: "Language",
    languageHint: "The portal and the e-mails you receive use this language.",
  },
  security: {
    title: "Change password",
    description: "Enter your current password, then the new one twice.",
    current: "Current password",
    new: "New password",
    newHint: "At least {{min}} characters.",
    confirmation: "Confirm the new password",
    submit: "Change password",
  },
  preferences: {
    title: "Display preferences",
    description: "Saved to your profile, so they follow you to any browser.",
    theme: "Theme",
    themes: { light: "Light", dark: "Dark", system: "System" },
    primaryColor: "Primary colour",
    preset: "Colour {{color}}",
    customColor: "Custom colour",
    customColorPicker: "Pick a custom colour",
    semiDark: "Semi-dark menu",
    semiDarkHint: "A dark navigation menu with the light theme.",
  },
  toasts: {
    accountSaved: "Account details saved.",
    passwordChanged: "Password changed.",
    preferencesSaved: "Preferences saved.",
    failed: "Nothing was saved. Check the highlighted fields.",
  },
} as const;

export default profile;

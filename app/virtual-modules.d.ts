// The README's "Setting up e-mail" section, made at build time by server/vite-plugins/readme-section.ts.
declare module "virtual:readme/email-setup" {
  const section: string;
  export default section;
}

declare module "oidc-provider" {
  // Only what the test's local OpenID provider uses.
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    listen(port: number, callback?: () => void): unknown;
  }
}

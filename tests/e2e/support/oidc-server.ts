/**
 * A real OpenID Connect provider (the `oidc-provider` package) standing in for
 * Google in the browser tests: the app runs its genuine authorization-code +
 * PKCE flow against it. Its built-in dev login page accepts any login; an
 * e-mail address typed there becomes the account's verified e-mail.
 */
import Provider from "oidc-provider";

const port = Number(process.env.OIDC_PORT ?? 4179);
const appUrl = process.env.APP_URL ?? "http://localhost:4173";

const provider = new Provider(`http://localhost:${port}`, {
  clients: [
    {
      client_id: "marketplace-e2e",
      client_secret: "marketplace-e2e-secret",
      redirect_uris: [`${appUrl}/api/auth/callback/google`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    },
  ],
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  async findAccount(_ctx: unknown, id: string) {
    const email = id.includes("@") ? id.toLowerCase() : `${id}@gmail.test`;
    return {
      accountId: id,
      async claims() {
        return { sub: id, email, email_verified: true, name: "Google Tester" };
      },
    };
  },
  cookies: { keys: ["e2e-only-cookie-key"] },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => false },
});
provider.proxy = true;

provider.listen(port, () => {
  console.log(`oidc provider on http://localhost:${port}`);
});

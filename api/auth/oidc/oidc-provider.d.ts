// oidc-provider ships no types; this covers the part the sign-in tests use.
declare module "oidc-provider" {
  import type { EventEmitter } from "node:events";
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type Account = {
    accountId: string;
    claims: (use: string, scope: string) => Promise<Record<string, unknown>>;
  };

  export type ClientMetadata = {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
  };

  export type Configuration = {
    clients?: ClientMetadata[];
    claims?: Record<string, string[] | null>;
    conformIdTokenClaims?: boolean;
    cookies?: { keys?: string[] };
    findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined>;
    pkce?: { required?: () => boolean };
    ttl?: Record<string, number>;
  };

  export type Context = { method: string; path: string };

  export default class Provider extends EventEmitter {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: Context, next: () => Promise<void>) => Promise<void>): this;
  }
}

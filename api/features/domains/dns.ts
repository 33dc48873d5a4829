import { Resolver } from "node:dns/promises";

/** The DNS lookups domain verification needs; tests and odd set-ups pass their own servers. */
export type DnsResolver = {
  resolveCname: (host: string) => Promise<string[]>;
  resolve4: (host: string) => Promise<string[]>;
  resolve6: (host: string) => Promise<string[]>;
  resolveTxt: (host: string) => Promise<string[][]>;
};

export function createDnsResolver(options: { servers?: string[]; timeoutMs: number }): DnsResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 2 });
  if (options.servers && options.servers.length > 0) resolver.setServers(options.servers);
  return {
    resolveCname: (host) => resolver.resolveCname(host),
    resolve4: (host) => resolver.resolve4(host),
    resolve6: (host) => resolver.resolve6(host),
    resolveTxt: (host) => resolver.resolveTxt(host),
  };
}

const absent = new Set(["ENODATA", "ENOTFOUND", "NOTFOUND", "ENONAME"]);

/** The answers for a lookup: [] when the record does not exist; timeouts and failures throw. */
export async function lookup<T>(query: () => Promise<T[]>): Promise<T[]> {
  try {
    return await query();
  } catch (error) {
    if (absent.has(String((error as NodeJS.ErrnoException).code))) return [];
    throw error;
  }
}

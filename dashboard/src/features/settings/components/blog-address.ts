/** The platform's blog domain and subdomain addresses, as the running server says. */
export { blogDomain, subdomainUrl } from "../../../lib/blog-domain.ts";

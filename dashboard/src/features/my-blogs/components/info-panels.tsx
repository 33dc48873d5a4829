import { GlobeIcon, LaptopIcon, ShieldCheckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { blogDomain } from "./blog-address.ts";

/** The notes under the blog cards about domains, DNS/SSL and development. */
export function InfoPanels() {
  const domain = blogDomain();
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <Panel icon={<GlobeIcon aria-hidden="true" className="size-5" />} title="About Domains">
        Every blog can have a subdomain of <strong>{domain}</strong> (such as{" "}
        <code className="font-mono text-xs">my-blog.{domain}</code>) and a custom domain you own.
        Set both in Settings under Blog Domains; a custom domain is served once its DNS records are
        verified.
      </Panel>
      <Panel
        icon={<ShieldCheckIcon aria-hidden="true" className="size-5" />}
        title="Publish for DNS and SSL"
      >
        A blog's addresses show pages only after its first post is published. The SSL certificate
        for a subdomain or a verified custom domain is issued on the first visit, once DNS points at
        the platform, so the first request can take a few seconds.
      </Panel>
      <Panel icon={<LaptopIcon aria-hidden="true" className="size-5" />} title="Development Access">
        The development preview URL serves the blog from this server under{" "}
        <code className="font-mono text-xs">/blog/&#123;slug&#125;/</code> with no DNS at all. On
        your own machine, <code className="font-mono text-xs">&#123;subdomain&#125;.localhost</code>{" "}
        reaches this server in most browsers, too.
      </Panel>
    </div>
  );
}

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="bg-muted/40 shadow-none">
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <span className="text-muted-foreground">{icon}</span>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">{children}</p>
      </CardContent>
    </Card>
  );
}

import type { Blog } from "@contracts/blogs.ts";
import { CopyIcon, ExternalLinkIcon, SettingsIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { useSiteStatus } from "@/lib/api/get-site-status.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/cn.ts";
import { useSelectedBlog } from "../../../lib/selected-blog-context.tsx";
import { BlogActions } from "./blog-actions.tsx";
import { previewUrl, subdomainUrl } from "./blog-address.ts";
import { copyUrl } from "./copy-url.ts";
import { siteBadgeOf } from "./site-badge.ts";

const positive = "border-success/40 bg-success/10 text-success";

/** One blog on My Blogs: its addresses, its site's state and a way to Settings. */
export function BlogCard({ blog }: { blog: Blog }) {
  const titleId = useId();
  const { selectBlog } = useSelectedBlog();
  const preview = previewUrl(blog.slug);
  return (
    <Card aria-labelledby={titleId} className="flex flex-col">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle id={titleId} className="min-w-0 break-words">
            {blog.name}
          </CardTitle>
          <SiteStatusBadge blogId={blog.id} />
        </div>
        <CardDescription className="break-words">
          {blog.description?.trim() || "No description"}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <dl className="space-y-4 text-sm">
          {blog.subdomain && (
            <Field term="Subdomain URL">
              <UrlLine
                url={subdomainUrl(blog.subdomain)}
                copyLabel={`Copy subdomain URL of ${blog.name}`}
              />
              <p className="text-xs text-muted-foreground">
                Works only after the blog is published.
              </p>
            </Field>
          )}
          <Field term="Development Preview">
            <UrlLine url={preview} copyLabel={`Copy preview URL of ${blog.name}`}>
              <Button asChild variant="ghost" size="icon" className="size-8">
                <a
                  href={preview}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Open preview of ${blog.name} in a new tab`}
                  title="Open in a new tab"
                >
                  <ExternalLinkIcon aria-hidden="true" />
                </a>
              </Button>
            </UrlLine>
          </Field>
          {blog.customDomain && (
            <Field term="Custom Domain">
              <span className="flex flex-wrap items-center gap-2">
                <span className="break-all">{blog.customDomain}</span>
                <Badge
                  variant="outline"
                  className={blog.domainVerified ? positive : "text-muted-foreground"}
                >
                  {blog.domainVerified ? "Verified" : "Unverified"}
                </Badge>
              </span>
            </Field>
          )}
          <Field term="Slug">
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">
              {blog.slug}
            </code>
          </Field>
        </dl>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to="/settings" onClick={() => selectBlog(blog.id)}>
            <SettingsIcon aria-hidden="true" />
            Settings<span className="sr-only"> for {blog.name}</span>
          </Link>
        </Button>
        <BlogActions blog={blog} />
      </CardFooter>
    </Card>
  );
}

function SiteStatusBadge({ blogId }: { blogId: string }) {
  const { data: status, error } = useSiteStatus(blogId);
  if (!status) {
    return (
      <Badge variant="outline" className="text-muted-foreground">
        {error ? "Status unavailable" : "Checking..."}
      </Badge>
    );
  }
  const badge = siteBadgeOf(status);
  return (
    <span className="flex flex-col items-end gap-0.5">
      <Badge
        variant="outline"
        className={cn(badge.label === "Live" ? positive : "text-muted-foreground")}
      >
        {badge.label}
      </Badge>
      {badge.since && <span className="text-xs text-muted-foreground">since {badge.since}</span>}
    </span>
  );
}

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="space-y-1">{children}</dd>
    </div>
  );
}

function UrlLine({
  url,
  copyLabel,
  children,
}: {
  url: string;
  copyLabel: string;
  children?: ReactNode;
}) {
  return (
    <span className="flex items-center gap-1">
      <code
        className="min-w-0 flex-1 truncate rounded bg-muted px-1.5 py-1 font-mono text-xs"
        title={url}
      >
        {url}
      </code>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={copyLabel}
        title="Copy URL"
        onClick={() => copyUrl(url)}
      >
        <CopyIcon aria-hidden="true" />
      </Button>
      {children}
    </span>
  );
}

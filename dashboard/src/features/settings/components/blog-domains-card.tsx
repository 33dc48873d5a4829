import {
  type Blog,
  type DomainInput,
  type DomainInstructions,
  domainInput,
} from "@contracts/blogs.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  CheckCircle2Icon,
  CopyIcon,
  ExternalLinkIcon,
  GlobeIcon,
  ShieldAlertIcon,
} from "lucide-react";
import { type ReactNode, useEffect, useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { CardHeading } from "../../../components/card-heading.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage, fieldIssuesOf } from "../../../lib/api-client.ts";
import { useUpdateDomain } from "../api/update-domain.ts";
import { useVerifyDomain } from "../api/verify-domain.ts";
import { blogDomain, subdomainUrl } from "./blog-address.ts";
import { domainButtonLabel, sanitizeCustomDomain, sanitizeSubdomain } from "./domain-fields.ts";

type DomainField = "subdomain" | "customDomain";

/**
 * The selected blog's subdomain and custom domain, the DNS
 * records an unverified custom domain needs, and the confirmation once it is verified.
 */
export function BlogDomainsCard({ blog }: { blog: Blog }) {
  const { updateDomain, pending } = useUpdateDomain();

  /** Saves one address; what the server refuses is toasted, and its word on the field returned. */
  async function save(field: DomainField, value: string): Promise<string | undefined> {
    try {
      const updated = await updateDomain(blog.id, { [field]: value });
      const address = field === "subdomain" ? updated.subdomain : updated.customDomain;
      toast({
        title: "Domain updated",
        description: address
          ? `${blog.name} now uses ${field === "subdomain" ? `${address}.${blogDomain()}` : address}.`
          : `The ${field === "subdomain" ? "subdomain" : "custom domain"} of ${blog.name} was removed.`,
      });
      return undefined;
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to update domain settings"),
      });
      return fieldIssuesOf(error)[field] ?? "";
    }
  }

  return (
    <Card aria-labelledby="domains-title">
      <CardHeader>
        <CardHeading id="domains-title" icon={GlobeIcon}>
          Blog Domains
        </CardHeading>
        <CardDescription>Where readers find {blog.name}.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        <DomainForm
          label="Subdomain"
          stored={blog.subdomain}
          sanitize={sanitizeSubdomain}
          suffix={`.${blogDomain()}`}
          placeholder="my-blog"
          hint={
            blog.subdomain ? (
              <>
                Readers reach the published blog at{" "}
                <a
                  className="font-medium text-foreground underline underline-offset-4"
                  href={subdomainUrl(blog.subdomain)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {subdomainUrl(blog.subdomain)}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                .
              </>
            ) : (
              "Lower-case letters, digits and hyphens. Leave empty for no subdomain."
            )
          }
          field="subdomain"
          isPending={pending === "subdomain"}
          onSave={(value) => save("subdomain", value)}
        />
        <div className="space-y-4">
          <DomainForm
            label="Custom Domain"
            stored={blog.customDomain}
            sanitize={sanitizeCustomDomain}
            placeholder="blog.example.com"
            inputMode="url"
            hint="A domain you own, such as blog.example.com. Leave empty to remove it."
            field="customDomain"
            isPending={pending === "customDomain"}
            onSave={(value) => save("customDomain", value)}
          />
          {blog.domainNotice && (
            <p
              role="status"
              className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
            >
              <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {blog.domainNotice}
            </p>
          )}
          {blog.customDomain &&
            (blog.domainVerified ? (
              <VerifiedDomain domain={blog.customDomain} blogName={blog.name} />
            ) : (
              <UnverifiedDomain
                blogId={blog.id}
                domain={blog.customDomain}
                instructions={blog.domainInstructions}
                expiresAt={blog.domainClaimExpiresAt}
              />
            ))}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * One address as its own form, checked with the API's domain schema (its messages) before it
 * is sent; a refusal is said under the field until the address is changed.
 */
function DomainForm({
  label,
  field,
  stored,
  sanitize,
  suffix,
  placeholder,
  inputMode,
  hint,
  isPending,
  onSave,
}: {
  label: string;
  field: DomainField;
  stored: string | null;
  sanitize: (typed: string) => string;
  suffix?: string;
  placeholder: string;
  inputMode?: "url";
  hint: ReactNode;
  isPending: boolean;
  /** Resolves to the server's word on the field when it refused the value ("" for none). */
  onSave: (value: string) => Promise<string | undefined>;
}) {
  const ids = { input: useId(), suffix: useId(), hint: useId(), error: useId() };
  const {
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<DomainInput>({
    defaultValues: { [field]: stored ?? "" },
    resolver: zodResolver(domainInput),
    reValidateMode: "onSubmit",
  });
  const value = useWatch({ control, name: field }) ?? "";
  // Another tab or a refetch changed the stored value: show it.
  useEffect(() => setValue(field, stored ?? ""), [field, stored, setValue]);
  const buttonLabel = domainButtonLabel(value, stored);
  const error = errors[field]?.message;

  // The address goes as shown (sanitized as typed); the server trims it.
  async function submit() {
    const refused = await onSave(getValues(field) ?? "");
    if (refused) setError(field, { message: refused });
    else if (refused === undefined) clearErrors(field);
  }

  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        // Nothing to check or send while the stored address is shown, or one is being saved.
        if (buttonLabel === "Saved" || isPending) return;
        void handleSubmit(submit)(event);
      }}
      noValidate
    >
      <Label htmlFor={ids.input}>{label}</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center">
          <Input
            id={ids.input}
            value={value}
            placeholder={placeholder}
            inputMode={inputMode}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={[suffix && ids.suffix, ids.hint, error && ids.error]
              .filter(Boolean)
              .join(" ")}
            className={suffix ? "rounded-r-none" : undefined}
            onChange={(event) => {
              setValue(field, sanitize(event.target.value));
              clearErrors(field);
            }}
          />
          {suffix && (
            <span
              id={ids.suffix}
              className="flex h-9 max-w-[60%] items-center truncate rounded-r-md border border-l-0 border-input bg-muted px-3 text-sm text-muted-foreground"
            >
              {suffix}
            </span>
          )}
        </div>
        <Button
          type="submit"
          variant={buttonLabel === "Saved" ? "outline" : "default"}
          disabled={buttonLabel === "Saved" || isPending}
          aria-busy={isPending || undefined}
          className="sm:w-28"
        >
          {isPending ? "Updating..." : buttonLabel}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </div>
      {error && (
        <p id={ids.error} className="text-sm text-error">
          {error}
        </p>
      )}
      <p id={ids.hint} className="text-sm text-muted-foreground">
        {hint}
      </p>
    </form>
  );
}

function VerifiedDomain({ domain, blogName }: { domain: string; blogName: string }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-success/40 bg-success/5 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2 text-sm">
        <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
        <span>
          <span className="font-medium">{domain} is verified.</span> Readers reach {blogName} there.
        </span>
      </p>
      <Button asChild variant="outline" size="sm">
        <a href={`https://${domain}/`} target="_blank" rel="noopener noreferrer">
          <ExternalLinkIcon aria-hidden="true" />
          View {domain}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
    </div>
  );
}

type DnsRecord = { type: string; name: string; value: string };

/** The records an unverified domain needs: pointing at the platform, and the ownership token. */
export function dnsRecordsOf(domain: string, instructions: DomainInstructions): DnsRecord[][] {
  const pointing: DnsRecord[] = [{ type: "CNAME", name: domain, value: instructions.cnameTarget }];
  const byAddress = instructions.addresses.map((address) => ({
    type: address.includes(":") ? "AAAA" : "A",
    name: domain,
    value: address,
  }));
  const token = { type: "TXT", name: instructions.txtName, value: instructions.txtValue };
  return byAddress.length > 0 ? [pointing, byAddress, [token]] : [pointing, [token]];
}

async function copyRecord(what: string, text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Copied", description: `${what} is on your clipboard.` });
  } catch {
    toast({
      variant: "destructive",
      title: "Copy failed",
      description: `Select and copy it by hand: ${text}`,
    });
  }
}

function UnverifiedDomain({
  blogId,
  domain,
  instructions,
  expiresAt,
}: {
  blogId: string;
  domain: string;
  instructions: DomainInstructions | null;
  expiresAt: string | null;
}) {
  const { verifyDomain, isVerifying } = useVerifyDomain();
  const headingId = useId();

  async function verify() {
    try {
      await verifyDomain(blogId);
      toast({ title: "Domain verified", description: `${domain} now serves this blog.` });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Verification failed",
        description: errorMessage(error, "Failed to verify custom domain"),
      });
    }
  }

  const groups = instructions ? dnsRecordsOf(domain, instructions) : [];
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-dashed bg-muted/40 p-4"
    >
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <ShieldAlertIcon aria-hidden="true" className="size-4 text-muted-foreground" />
        {domain} is not verified yet
      </h3>
      <p className="text-sm text-muted-foreground">
        At your DNS provider, point the domain at this platform
        {groups.length === 3
          ? " with the CNAME record or, for a root domain, the address records"
          : " with the CNAME record"}
        , and add the TXT record that proves the domain is yours. Then choose Verify; DNS changes
        can take a while to show.
      </p>
      {expiresAt && (
        <p className="text-sm text-muted-foreground">
          Verify by {new Date(expiresAt).toLocaleDateString()}: an unverified claim then expires,
          and whichever blog verifies {domain} first gets it.
        </p>
      )}
      {groups.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">DNS records for {domain}</caption>
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Type
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Name
                </th>
                <th scope="col" className="py-1 font-medium">
                  Value
                </th>
              </tr>
            </thead>
            {groups.map((records, index) => (
              <tbody key={records[0]?.type} className="border-t">
                {index === 1 && groups.length === 3 && (
                  <tr>
                    <td colSpan={3} className="pt-2 text-xs text-muted-foreground">
                      or, instead of the CNAME record:
                    </td>
                  </tr>
                )}
                {records.map((record) => (
                  <tr key={`${record.type}-${record.value}`}>
                    <td className="py-2 pr-3 align-top font-mono text-xs">{record.type}</td>
                    <td className="py-2 pr-3 align-top">
                      <RecordValue
                        text={record.name}
                        copyLabel={`Copy ${record.type} record name`}
                      />
                    </td>
                    <td className="py-2 align-top">
                      <RecordValue
                        text={record.value}
                        copyLabel={`Copy ${record.type} record value`}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
      <Button onClick={verify} disabled={isVerifying} aria-busy={isVerifying || undefined}>
        {isVerifying ? "Verifying..." : "Verify"}
      </Button>
    </section>
  );
}

function RecordValue({ text, copyLabel }: { text: string; copyLabel: string }) {
  return (
    <span className="flex items-center gap-1">
      <code className="break-all rounded bg-background px-1.5 py-0.5 font-mono text-xs">
        {text}
      </code>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        aria-label={copyLabel}
        title={copyLabel}
        onClick={() => copyRecord(copyLabel.replace(/^Copy /, "The "), text)}
      >
        <CopyIcon aria-hidden="true" />
      </Button>
    </span>
  );
}

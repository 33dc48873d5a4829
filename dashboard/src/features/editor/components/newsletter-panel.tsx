import type { NewsletterIssue, PostNewsletter } from "@contracts/newsletter-issues.ts";
import type { Post } from "@contracts/posts.ts";
import { EyeIcon, MailIcon, SendIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "../../../components/ui/card.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { sendTestEmail, setSendByEmail, usePostNewsletter } from "../../../lib/api/newsletter.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { formatDayAndTime } from "../../../lib/format-date.ts";
import { issueStatusLabels, subscribersCount } from "../../../lib/newsletter-issues.ts";
import { NewsletterPreviewDialog } from "./newsletter-preview-dialog.tsx";

/**
 * "Also send by e-mail" for a post (issue 36, decision 377), for those who send the blog's
 * newsletter: the choice is saved at once; the post goes to the confirmed subscribers when it
 * is live. A post begun on this screen starts with the blog's default ticked, once.
 */
export function NewsletterPanel({ post }: { post: Post | null }) {
  // The editor mounts the panel before a new post's first save: it was begun here.
  const begunHere = useRef(post === null);
  if (!post) return null;
  return <PostNewsletterCard post={post} applyDefault={begunHere.current} />;
}

function PostNewsletterCard({ post, applyDefault }: { post: Post; applyDefault: boolean }) {
  const ids = { title: useId(), toggle: useId(), hint: useId() };
  const live = post.status === "published";
  const { data, error, mutate } = usePostNewsletter(post.id, live);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  // Ticking it on a live post sends it within seconds: asked first.
  const [confirmSendNow, setConfirmSendNow] = useState(false);
  const defaulted = useRef(false);

  async function choose(sendByEmail: boolean) {
    setSaving(true);
    try {
      await mutate(await setSendByEmail(post.id, sendByEmail), { revalidate: false });
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "E-mail choice not saved",
        description: errorMessage(failure, "The choice could not be saved. Try again."),
      });
      void mutate();
    } finally {
      setSaving(false);
    }
  }

  // The blog's "Send new posts by e-mail by default", for a post begun here that has not gone
  // out: ticked once, so unticking it stays unticked.
  useEffect(() => {
    if (!applyDefault || defaulted.current || !data || live) return;
    if (!data.available || !data.sendByDefault || data.sendByEmail || data.issue) return;
    defaulted.current = true;
    void choose(true);
  });

  async function sendTest() {
    setTesting(true);
    try {
      const { sentTo } = await sendTestEmail(post.id);
      toast({ title: "Test e-mail sent", description: `Sent to ${sentTo}.` });
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Test e-mail not sent",
        description: errorMessage(failure, "The test e-mail could not be sent. Try again."),
      });
    } finally {
      setTesting(false);
    }
  }

  return (
    <Card aria-labelledby={ids.title}>
      <CardHeader>
        <h2 id={ids.title} className="flex items-center gap-2 font-semibold">
          <MailIcon aria-hidden="true" className="size-4" />
          Newsletter
        </h2>
      </CardHeader>
      <CardContent className="space-y-3">
        {error && !data ? (
          <LoadError
            variant="card"
            message={errorMessage(error, "The newsletter could not be loaded.")}
            retryLabel="Try again"
            onRetry={() => void mutate()}
          />
        ) : !data ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading newsletter...
          </p>
        ) : data.issue ? (
          <SentIssue issue={data.issue} />
        ) : (
          <div className="flex items-start justify-between gap-3">
            <div className="space-y-1">
              <Label htmlFor={ids.toggle}>Also send by e-mail</Label>
              <p id={ids.hint} className="text-sm text-muted-foreground">
                {whenItGoes(data, post, live)}
              </p>
            </div>
            <Switch
              id={ids.toggle}
              checked={data.sendByEmail}
              disabled={!data.available || saving}
              onCheckedChange={(checked) =>
                checked && live ? setConfirmSendNow(true) : void choose(checked)
              }
              aria-describedby={ids.hint}
            />
          </div>
        )}
        {data && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setPreviewOpen(true)}>
              <EyeIcon aria-hidden="true" />
              Preview e-mail
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={!data.available || testing}
              onClick={() => void sendTest()}
            >
              <SendIcon aria-hidden="true" />
              {testing ? "Sending..." : "Send a test to me"}
            </Button>
          </div>
        )}
      </CardContent>
      <NewsletterPreviewDialog postId={post.id} open={previewOpen} onOpenChange={setPreviewOpen} />
      <ConfirmDialog
        open={confirmSendNow}
        onOpenChange={setConfirmSendNow}
        title="Send this post by e-mail now?"
        description={`The post is live: it goes to ${subscribersCount(data?.subscribed ?? 0)} within a minute, and cannot be sent again.`}
        cancelLabel="Not now"
        confirmLabel="Send now"
        pendingLabel="Sending..."
        onConfirm={async () => {
          await choose(true);
          setConfirmSendNow(false);
        }}
      />
    </Card>
  );
}

/** The line under the switch: who gets the post and when, or why nothing can be sent. */
function whenItGoes(data: PostNewsletter, post: Post, live: boolean): string {
  if (!data.available) {
    return "This server sends no e-mail: its administrator sets up an SMTP server (SMTP_URL) to send posts by e-mail.";
  }
  const to = `To ${subscribersCount(data.subscribed)}.`;
  if (live) return `${to} The post is live: ticked, it goes out within a minute.`;
  if (post.scheduledPublishAt) {
    return `${to} It goes out at the scheduled time, ${formatDayAndTime(new Date(post.scheduledPublishAt))}.`;
  }
  return `${to} It goes out when the post is published.`;
}

function SentIssue({ issue }: { issue: NewsletterIssue }) {
  const figures: [string, number][] = [
    ["Delivered", issue.report.delivered],
    ["Bounced", issue.report.bounced],
    ["Unsubscribed", issue.report.unsubscribed],
    ["Affiliate clicks", issue.report.affiliateClicks],
  ];
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Sent as issue #{issue.number}</span>
        <Badge variant={issue.status === "failed" ? "outline" : "secondary"}>
          {issueStatusLabels[issue.status]}
        </Badge>
      </p>
      {issue.recipients !== null && (
        <p className="text-sm text-muted-foreground">To {subscribersCount(issue.recipients)}.</p>
      )}
      {issue.error && <p className="text-sm text-error">{issue.error}</p>}
      <dl aria-label="Issue report" className="grid grid-cols-2 gap-2">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md border p-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

import { can } from "@contracts/roles.ts";
import { NoBlogSelected } from "../../../components/no-blog-selected.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { useSelectedBlog } from "../../../lib/selected-blog-context.tsx";
import { AccountSettingsCard } from "./account-settings-card.tsx";
import { AiDisclosureCard } from "./ai-disclosure-card.tsx";
import { AuthorProfileCard } from "./author-profile-card.tsx";
import { BlogCustomizationCard } from "./blog-customization-card.tsx";
import { BlogDetailsCard } from "./blog-details-card.tsx";
import { BlogDomainsCard } from "./blog-domains-card.tsx";
import { BlogVoiceCard } from "./blog-voice-card.tsx";
import { ContentAutomationCard } from "./content-automation-card.tsx";
import { ImportExportCard } from "./import-export-card.tsx";
import { NewsletterCard } from "./newsletter-card.tsx";
import { PublishingWorkflowCard, WritersPublishCard } from "./publishing-workflow-card.tsx";
import { TeamCard } from "./team-card.tsx";

/**
 * Settings: the selected blog's domains, look and automation, then the
 * account. The account card needs no blog, so it shows even when 'No Blog Selected' does.
 */
export function SettingsPage() {
  const { selectedBlog, isLoadingBlogs } = useSelectedBlog();
  const isOwner = selectedBlog !== null && can(selectedBlog.role, "blog.manage");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Settings"
        description={
          selectedBlog
            ? `Domains, look, voice and automation of ${selectedBlog.name}, and your account.`
            : "Blog settings and your account."
        }
      />
      {isLoadingBlogs ? (
        <p role="status" className="py-8 text-center text-sm text-muted-foreground">
          Loading blogs...
        </p>
      ) : selectedBlog ? (
        <>
          {/* The blog's own settings are its owner's; the team sees its own profile and,
              for those who invite, the team (decisions 366, 370). */}
          {isOwner && (
            <>
              <BlogDetailsCard key={`details-${selectedBlog.id}`} blog={selectedBlog} />
              <BlogDomainsCard key={`domains-${selectedBlog.id}`} blog={selectedBlog} />
              <BlogCustomizationCard key={selectedBlog.id} blog={selectedBlog} />
              <AiDisclosureCard key={`ai-disclosure-${selectedBlog.id}`} blog={selectedBlog} />
              <PublishingWorkflowCard key={`workflow-${selectedBlog.id}`} blog={selectedBlog} />
              <WritersPublishCard key={`writers-${selectedBlog.id}`} blog={selectedBlog} />
              <NewsletterCard key={`newsletter-${selectedBlog.id}`} blog={selectedBlog} />
            </>
          )}
          {can(selectedBlog.role, "members.inviteWriters") && (
            <TeamCard key={`team-${selectedBlog.id}`} blog={selectedBlog} />
          )}
          <AuthorProfileCard key={`author-${selectedBlog.id}`} blog={selectedBlog} />
          {isOwner && (
            <>
              <BlogVoiceCard key={`voice-${selectedBlog.id}`} blog={selectedBlog} />
              <ContentAutomationCard key={`automation-${selectedBlog.id}`} blog={selectedBlog} />
              <ImportExportCard key={`import-${selectedBlog.id}`} blog={selectedBlog} />
            </>
          )}
        </>
      ) : (
        <NoBlogSelected />
      )}
      <AccountSettingsCard />
    </div>
  );
}

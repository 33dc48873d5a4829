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
import { PublishingWorkflowCard } from "./publishing-workflow-card.tsx";

/**
 * Settings: the selected blog's domains, look and automation, then the
 * account. The account card needs no blog, so it shows even when 'No Blog Selected' does.
 */
export function SettingsPage() {
  const { selectedBlog, isLoadingBlogs } = useSelectedBlog();
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
          <BlogDetailsCard key={`details-${selectedBlog.id}`} blog={selectedBlog} />
          <BlogDomainsCard key={`domains-${selectedBlog.id}`} blog={selectedBlog} />
          <BlogCustomizationCard key={selectedBlog.id} blog={selectedBlog} />
          <AiDisclosureCard key={`ai-disclosure-${selectedBlog.id}`} blog={selectedBlog} />
          <PublishingWorkflowCard key={`workflow-${selectedBlog.id}`} blog={selectedBlog} />
          <AuthorProfileCard key={`author-${selectedBlog.id}`} blog={selectedBlog} />
          <BlogVoiceCard key={`voice-${selectedBlog.id}`} blog={selectedBlog} />
          <ContentAutomationCard key={`automation-${selectedBlog.id}`} blog={selectedBlog} />
          <ImportExportCard key={`import-${selectedBlog.id}`} blog={selectedBlog} />
        </>
      ) : (
        <NoBlogSelected />
      )}
      <AccountSettingsCard />
    </div>
  );
}

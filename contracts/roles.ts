/**
 * Who may do what on a blog (decision 366). One table, read by the API (every route and job
 * asks it before acting) and by the dashboard (a screen or button the role cannot use is not
 * shown). A person's role is per blog: the blog's owner (the account that created it) is its
 * `owner`; everyone else holds the role of their membership.
 */
export const roles = ["owner", "editor", "writer", "contributor"] as const;
export type Role = (typeof roles)[number];

/** How a role is named to people (refusals, the team list, invitations). */
export const roleNames: Record<Role, string> = {
  owner: "Owner",
  editor: "Editor",
  writer: "Writer",
  contributor: "Contributor",
};

/** The roles a membership can hold: a blog has one owner, its creator. */
export const memberRoles = ["editor", "writer", "contributor"] as const;
export type MemberRole = (typeof memberRoles)[number];

const everyone = roles;
const editors = ["owner", "editor"] as const;

/**
 * What each role may do. `posts.publish` has one more rule (`can`): a writer publishes their
 * own posts when the blog allows it.
 */
export const capabilities = {
  /** Settings, look, domains, automation, AI settings, exports and imports, deletion. */
  "blog.manage": ["owner"],
  /** Invite anyone with any role, change roles, remove members. */
  "members.manage": ["owner"],
  /** Invite writers and contributors. */
  "members.inviteWriters": editors,
  /** See and edit every post of the blog; without it, a person's own posts only. */
  "posts.all": editors,
  /** Write posts of one's own and submit them for review. */
  "posts.write": everyone,
  /** Publish, unpublish and schedule posts. */
  "posts.publish": editors,
  /** The review queue: assign, note, request changes, approve. */
  "posts.review": editors,
  "categories.manage": editors,
  "tags.manage": editors,
  "affiliateLinks.manage": editors,
  /** See and use the blog's whole media library; without it, one's own uploads only. */
  "media.library": ["owner", "editor", "writer"],
  "media.upload": everyone,
  /** Change and delete any image of the library; without it, one's own uploads only. */
  "media.manage": editors,
  /** Analytics and the performance screen. */
  "analytics.view": editors,
  /** The blog's activity log: who did what and when. */
  "activity.view": editors,
  /** The blog's e-mail list: addresses, imports, exports, deletion (personal data). */
  "subscribers.manage": ["owner"],
  /** Send a post by e-mail, see the newsletter's issues and their reports. */
  "newsletter.send": editors,
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof capabilities;

/** What `can` needs to know beyond the role, for the rules that depend on the post. */
export type CapabilityContext = {
  /** The blog lets writers publish their own posts. */
  writersCanPublish?: boolean;
  /** The post in question is the person's own. */
  ownPost?: boolean;
};

/** Whether `role` may do `capability` (with the post's context where the rule needs it). */
export function can(role: Role, capability: Capability, context: CapabilityContext = {}): boolean {
  if ((capabilities[capability] as readonly Role[]).includes(role)) return true;
  return (
    capability === "posts.publish" &&
    role === "writer" &&
    context.writersCanPublish === true &&
    context.ownPost === true
  );
}

/** Profile's view mode: what the profile holds, "Not set" where it holds nothing. */
import type { ReactNode } from "react";
import type { UserRole } from "#app/lib/enums";
import { USER_FORM_TEXT } from "#app/domain/users/user-form";
import { RoleBadge } from "./role-badge";

function ViewRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-3">
      <dt className="text-sm font-medium text-gray-500">{label}</dt>
      <dd className="text-sm sm:col-span-2">{children}</dd>
    </div>
  );
}

export interface ProfileShown {
  name: string;
  email: string;
  role: UserRole;
  bio: string | null;
  avatarUrl: string | null;
  website: string | null;
  location: string | null;
}

export function ProfileDetails({
  profile,
  authorPage,
}: {
  profile: ProfileShown;
  authorPage: string | null;
}) {
  return (
    <dl className="divide-y divide-gray-100">
      <ViewRow label="Full Name">{profile.name}</ViewRow>
      <ViewRow label="Email">
        {profile.email} <span className="block text-xs text-gray-500">{USER_FORM_TEXT.emailReadOnly}</span>
      </ViewRow>
      <ViewRow label="Role">
        <RoleBadge role={profile.role} />
      </ViewRow>
      <ViewRow label="Bio">{profile.bio || <span className="text-gray-500">Not set</span>}</ViewRow>
      <ViewRow label="Photo">
        {profile.avatarUrl ? (
          <img
            src={profile.avatarUrl}
            alt=""
            width={48}
            height={48}
            className="size-12 rounded-full object-cover"
          />
        ) : (
          <span className="text-gray-500">Not set</span>
        )}
      </ViewRow>
      {authorPage ? (
        <ViewRow label="Author page">
          <a href={authorPage} className="text-brand-700 hover:underline">
            {authorPage}
          </a>
        </ViewRow>
      ) : null}
      <ViewRow label="Website">
        {profile.website ? (
          <a
            href={profile.website}
            rel="noopener noreferrer nofollow"
            target="_blank"
            className="text-brand-700 hover:underline"
          >
            {profile.website}
          </a>
        ) : (
          <span className="text-gray-500">Not set</span>
        )}
      </ViewRow>
      <ViewRow label="Location">{profile.location || <span className="text-gray-500">Not set</span>}</ViewRow>
    </dl>
  );
}

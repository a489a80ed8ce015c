import { type ImageTexts, imageAltOf } from "../../../shared/content/alt-text";
import type { TeamMember } from "../../../shared/content/team-member";
import { ResponsiveImage } from "../responsive-image";
import { HeadedSection } from "../section-heading";

export type TeamMemberItem = Pick<TeamMember, "_id" | "name" | "position" | "description" | "image"> & ImageTexts;

/** The leadership team: photo, name, job title and a line about them. Nothing when there is no one. */
export function LeadershipTeam({ members }: { members: readonly TeamMemberItem[] }) {
  if (members.length === 0) return null;
  return (
    <HeadedSection
      id="team-title"
      eyebrow="Our people"
      title="Leadership Team"
      className="bg-slate-50 py-16 sm:py-20"
      headingClassName="mx-auto max-w-2xl text-center"
    >
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="team">
        {members.map((m) => (
          <li key={m._id} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <ResponsiveImage
              src={m.image}
              alt={imageAltOf(m, `Portrait of ${m.name}`)}
              sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
              className="aspect-square w-full bg-brand-50 object-cover"
            />
            <div className="p-5">
              <h3 className="text-lg font-bold text-slate-900">{m.name}</h3>
              <p className="text-sm font-semibold text-brand-500">{m.position}</p>
              {m.description && <p className="mt-3 text-sm leading-relaxed text-slate-700">{m.description}</p>}
            </div>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

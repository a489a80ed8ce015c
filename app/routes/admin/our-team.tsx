import { type TeamMember, teamMemberInput } from "../../../shared/schemas/team-member";
import { adminMeta, loadList } from "../../components/admin/data";
import { blank, type FieldErrors, type ScreenConfig, SimpleScreen } from "../../components/admin/simple-screen";
import type { Route } from "./+types/our-team";

export const teamScreen: ScreenConfig<TeamMember> = {
  title: "Our Team Management",
  description: "The people shown on the About page.",
  endpoint: "/api/our-team",
  entity: "Team member",
  noun: "team member",
  texts: {
    fetchFailed: "Failed to fetch team members",
    empty: "No team members found",
    saveFallback: "Failed to save team member",
    deleteFailed: "Failed to delete team member",
  },
  fields: [
    { name: "image", label: "Photo", kind: "image", required: true },
    { name: "name", label: "Name", kind: "text", required: true },
    { name: "position", label: "Position", kind: "text", required: true, hint: "The job title, e.g. Service Manager." },
    { name: "description", label: "Description", kind: "textarea" },
  ],
  validate: (values, files, editing) => {
    const errors: FieldErrors = {};
    if (!editing && !files.image) errors.image = "Please upload an image";
    for (const f of ["name", "position"]) if (blank(values[f])) errors[f] = "Please fill all required fields";
    return errors;
  },
  schema: teamMemberInput,
  card: (m) => ({ title: m.name, subtitle: m.position, body: m.description, image: m.image }),
};

export const clientLoader = () => loadList<TeamMember>(teamScreen.endpoint, teamScreen.texts.fetchFailed);

export const meta = () => adminMeta(teamScreen.title);

export default function OurTeamScreen({ loaderData }: Route.ComponentProps) {
  return <SimpleScreen config={teamScreen} data={loaderData} />;
}

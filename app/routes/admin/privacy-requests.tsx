import { PageHeader } from "../../components/admin/screen-parts";

/** PLACEHOLDER (a helper is writing it). */
export default function Privacy() {
  return <PageHeader title="Privacy" description="" />;
}

import { PageHeader } from "../../components/admin/screen-parts";

// Placeholder while the screen is being built (issue 32); replaced by the screen itself.
export default function Screen() {
  return <PageHeader title="Quotation" description="Being built." />;
}

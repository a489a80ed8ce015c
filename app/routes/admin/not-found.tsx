import { Link } from "react-router";
import { buttonClass, PageHeader } from "../../components/admin/screen-parts";

export function meta() {
  return [{ title: "Not found | Admin Panel" }, { name: "robots", content: "noindex, nofollow" }];
}

/** An unknown /admin/... path inside the signed-in panel. */
export default function AdminNotFound() {
  return (
    <div>
      <PageHeader title="Page not found" description="There is no admin screen at this address." />
      <Link to="/admin/dashboard" className={buttonClass("primary")}>
        Go to the dashboard
      </Link>
    </div>
  );
}

import {
  type BlogAnalytics,
  type CommissionNetwork,
  commissionNetworks,
  importCommissionsInput,
} from "@contracts/analytics.ts";
import { z } from "@contracts/zod.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { TitledCard } from "../../../components/titled-card.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { fieldClasses, Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { useToast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useImportCommissions } from "../api/import-commissions.ts";
import { money } from "./analytics-data.ts";
import { ReportTable } from "./report-table.tsx";

const networkNames: Record<CommissionNetwork, string> = {
  amazon: "Amazon Associates",
  impact: "Impact",
  cj: "CJ",
  awin: "Awin",
  other: "Other network",
};

/**
 * The import form: the network as the API takes it, the report file (read when sent) and the
 * columns, which go as a mapping only when both the sub-ID and the commission column are named.
 */
const commissionFields = importCommissionsInput.pick({ network: true }).extend({
  file: z.custom<File | null>((value) => value === null || value instanceof File),
  subIdColumn: z.string(),
  amountColumn: z.string(),
  dateColumn: z.string(),
});
type CommissionFields = z.infer<typeof commissionFields>;

const columnFields = [
  { id: "column-subid", label: "Sub-ID column", name: "subIdColumn" },
  { id: "column-amount", label: "Commission column", name: "amountColumn" },
  { id: "column-date", label: "Date column", name: "dateColumn" },
] as const;

/** Revenue of the blog from imported commission reports, by post; and the import itself. */
export function RevenueCard({
  report,
  fileBase,
}: {
  report: BlogAnalytics | undefined;
  fileBase: string;
}) {
  const { importCommissions, isPending } = useImportCommissions();
  const { toast } = useToast();
  const { control, register, handleSubmit, setValue } = useForm<CommissionFields>({
    defaultValues: {
      network: "amazon",
      file: null,
      subIdColumn: "",
      amountColumn: "",
      dateColumn: "",
    },
    resolver: zodResolver(commissionFields),
  });
  const [network, file] = useWatch({ control, name: ["network", "file"] });
  const currency = report?.revenue.currency ?? "USD";

  // The columns go as typed: the server trims them.
  async function submit({
    network,
    file,
    subIdColumn,
    amountColumn,
    dateColumn,
  }: CommissionFields) {
    if (!file) return;
    try {
      const result = await importCommissions({
        network,
        csv: await file.text(),
        ...(subIdColumn && amountColumn
          ? { mapping: { subId: subIdColumn, amount: amountColumn, date: dateColumn || undefined } }
          : {}),
      });
      toast({
        title: "Commissions imported",
        description: `${result.imported} new of ${result.rows} rows; ${result.duplicates} already imported, ${result.unmatched} without a known post.`,
      });
    } catch (error) {
      toast({
        title: "Import failed",
        description: errorMessage(error, "The report could not be imported."),
        variant: "destructive",
      });
    }
  }

  return (
    <TitledCard
      id="revenue-title"
      title="Revenue"
      description="From your networks' commission reports, matched to posts by the sub-ID each affiliate link carries."
      contentClassName="space-y-6"
    >
      {report && (
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {[
            ["Revenue", money(report.revenue.total, currency)],
            ["Earnings per Click", money(report.revenue.epc, currency)],
            ["Revenue per 1,000 Views", money(report.revenue.rpm, currency)],
          ].map(([term, value]) => (
            <div key={term} className="rounded-lg border p-4">
              <dt className="text-sm text-muted-foreground">{term}</dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {report && (
        <ReportTable
          id="revenue-posts"
          title="Revenue by Post"
          rows={report.revenue.byPost}
          rowKey={(r) => r.postId}
          columns={[
            { header: "Post", cell: (r) => r.title, csv: (r) => r.title },
            {
              header: "Revenue",
              cell: (r) => money(r.revenue, currency),
              csv: (r) => r.revenue,
              numeric: true,
            },
            { header: "Clicks", cell: (r) => r.clicks, csv: (r) => r.clicks, numeric: true },
            {
              header: "EPC",
              cell: (r) => money(r.epc, currency),
              csv: (r) => r.epc,
              numeric: true,
            },
            {
              header: "Per 1,000 Views",
              cell: (r) => money(r.rpm, currency),
              csv: (r) => r.rpm,
              numeric: true,
            },
          ]}
          empty="No commissions in this range yet: import a report below."
          fileName={`${fileBase}-revenue-posts.csv`}
        />
      )}
      <form
        onSubmit={(e) => void handleSubmit(submit)(e)}
        className="space-y-3 rounded-lg border p-4"
        aria-labelledby="import-title"
      >
        <h3 id="import-title" className="text-sm font-medium">
          Import a commission report
        </h3>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <Label htmlFor="commission-network">Network</Label>
            <select id="commission-network" className={fieldClasses} {...register("network")}>
              {commissionNetworks.map((n) => (
                <option key={n} value={n}>
                  {networkNames[n]}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="commission-file">Report (CSV)</Label>
            <Input
              id="commission-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => setValue("file", e.target.files?.[0] ?? null)}
            />
          </div>
        </div>
        <details>
          <summary className="cursor-pointer text-sm font-medium">
            Columns
            {network === "other"
              ? " (needed once for this network)"
              : " (only to change the preset)"}
          </summary>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            {columnFields.map(({ id, label, name }) => (
              <div key={id} className="space-y-1">
                <Label htmlFor={id}>{label}</Label>
                <Input id={id} {...register(name)} />
              </div>
            ))}
          </div>
        </details>
        <Button type="submit" disabled={!file || isPending}>
          {isPending ? "Importing..." : "Import Report"}
        </Button>
      </form>
    </TitledCard>
  );
}

import {
  type BlogAnalytics,
  type CommissionNetwork,
  commissionNetworks,
} from "@contracts/analytics.ts";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
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
  const [network, setNetwork] = useState<CommissionNetwork>("amazon");
  const [file, setFile] = useState<File | null>(null);
  const [subIdColumn, setSubIdColumn] = useState("");
  const [amountColumn, setAmountColumn] = useState("");
  const [dateColumn, setDateColumn] = useState("");
  const currency = report?.revenue.currency ?? "USD";

  async function submit(event: FormEvent) {
    event.preventDefault();
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
    <Card aria-labelledby="revenue-title">
      <CardHeader>
        <CardTitle id="revenue-title">Revenue</CardTitle>
        <CardDescription>
          From your networks' commission reports, matched to posts by the sub-ID each affiliate link
          carries.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
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
          onSubmit={(e) => void submit(e)}
          className="space-y-3 rounded-lg border p-4"
          aria-labelledby="import-title"
        >
          <h3 id="import-title" className="text-sm font-medium">
            Import a commission report
          </h3>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor="commission-network">Network</Label>
              <select
                id="commission-network"
                className={fieldClasses}
                value={network}
                onChange={(e) => setNetwork(e.target.value as CommissionNetwork)}
              >
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
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
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
              <div className="space-y-1">
                <Label htmlFor="column-subid">Sub-ID column</Label>
                <Input
                  id="column-subid"
                  value={subIdColumn}
                  onChange={(e) => setSubIdColumn(e.target.value)}
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor="column-amount">Commission column</Label>
                <Input
                  id="column-amount"
                  value={amountColumn}
                  onChange={(e) => setAmountColumn(e.target.value)}
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor="column-date">Date column</Label>
                <Input
                  id="column-date"
                  value={dateColumn}
                  onChange={(e) => setDateColumn(e.target.value)}
                />
              </div>
            </div>
          </details>
          <Button type="submit" disabled={!file || isPending}>
            {isPending ? "Importing..." : "Import Report"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** "send-data-export-ready": the user's data export (Download my data) is ready on /account/data for a day. */
import { PRODUCT_NAME } from "#app/lib/brand.ts";
import { greetingFor, layout } from "./layout.server.ts";

export function dataExportReadyEmail(data: { name: string; url: string; expiresAt: string }) {
  return layout({
    subject: `Your ${PRODUCT_NAME} data is ready to download`,
    greeting: greetingFor(data.name),
    paragraphs: [
      "The copy of your data that you asked for is ready. Sign in to download it.",
      `It can be downloaded until ${data.expiresAt}; then it is deleted.`,
    ],
    action: { label: "Download my data", url: data.url },
  });
}

/**
 * "send-data-export-ready": the copy of the user's data they asked for (Download my data) is ready on
 * /account/data until `expiresAt` (docs/privacy.md#downloading-your-data). The file itself is never
 * attached: it is downloaded only while signed in.
 */
import { PRODUCT_NAME } from "#app/lib/brand.ts";
import { greetingFor, layout } from "./layout.server.ts";

export function dataExportReadyEmail(data: { name: string; url: string; expiresAt: string }) {
  return layout({
    subject: `Your ${PRODUCT_NAME} data is ready to download`,
    greeting: greetingFor(data.name),
    paragraphs: [
      "The copy of your data that you asked for is ready. Sign in to download it: a ZIP file with everything we hold about you (data.json) and your own files.",
      `It can be downloaded until ${data.expiresAt}; then it is deleted.`,
      "If you did not ask for a copy of your data, please change your password.",
    ],
    action: { label: "Download my data", url: data.url },
  });
}

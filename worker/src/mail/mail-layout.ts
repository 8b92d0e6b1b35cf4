import { escapeHtml } from '@casebridge/db';

/** Branding shared by every mail: product name in the header, the portal address in the footer. */
export interface MailBranding {
  product: string;
  publicUrl: string;
}

/** Wraps a rendered body in a simple, inline-styled layout (mail clients ignore most stylesheets). */
export function wrapInLayout(subject: string, bodyHtml: string, branding: MailBranding): string {
  const product = escapeHtml(branding.product);
  const publicUrl = escapeHtml(branding.publicUrl);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
<style>
  a.button { display: inline-block; padding: 10px 18px; background: #1f5fa8; color: #ffffff !important; border-radius: 4px; text-decoration: none; font-weight: bold; }
  a.button.secondary { background: #6b7280; }
</style>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px;">
<tr><td style="background:#1f5fa8;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:6px 6px 0 0;">${product}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5;">
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb;">
You receive this e-mail because of your account on ${product} (<a href="${publicUrl}" style="color:#6b7280;">${publicUrl}</a>).
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

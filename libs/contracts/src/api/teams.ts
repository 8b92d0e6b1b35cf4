import { z } from 'zod';
import { endpoint } from './endpoint';
import { webhookUrlField } from './webhooks';

/**
 * Microsoft Teams connection of a group (the public Teams connected page, /msteams/connected/{token}).
 * The link is the one a super admin hands out (or gives Teams as the connector's callback): the token names the
 * group and is signed by the server. Teams' connector set-up comes back to it with `webhook_url`; the page posts
 * that address, which connects the group's channel (its new and late case cards go there). See docs/decisions.md.
 */

export const TEAMS_LINK_INVALID = 'This Microsoft Teams connection link is not valid.';
export const TEAMS_CONNECTED = 'Microsoft Teams is connected: new and late cases of this group will be posted there.';
export const TEAMS_LINK_CONFIRMED = 'This Microsoft Teams connection link is valid.';

export const TeamsConnection = z.object({
  group_id: z.number(),
  group_name: z.string(),
  team_url: z.string().nullable(),
  /** True once a Teams incoming-webhook address is stored: cards are posted. */
  connected: z.boolean(),
});
export type TeamsConnection = z.infer<typeof TeamsConnection>;

export const TeamsConfirmBody = z.object({
  /** The Teams incoming-webhook address from the connector set-up; absent: only check the link. */
  webhook_url: webhookUrlField.optional().or(z.literal('').transform(() => undefined)),
});
export type TeamsConfirmBody = z.input<typeof TeamsConfirmBody>;

export const teamsApi = {
  link: endpoint({
    method: 'GET',
    path: 'super_admin/groups/:id/msteams_connection',
    access: 'super_admin',
    summary: "The group's Teams connection link (/msteams/connected/{token}) and whether it is connected",
    response: z.object({ connection: TeamsConnection, link: z.string() }),
  }),
  confirm: endpoint({
    method: 'POST',
    path: 'msteams/connected/:token',
    access: 'public',
    summary: 'Confirm a Teams connection link; with webhook_url, store it so case cards are posted (404 invalid)',
    body: TeamsConfirmBody,
    response: z.object({ connection: TeamsConnection, message: z.string() }),
  }),
} as const;

import { useState } from 'react';
import type { DirectoryEntry } from '@casebridge/contracts';
import { InviteMemberModal } from './InviteMemberModal';
import { MissingPartnerModal } from './MissingPartnerModal';

/** Invite-member and missing-partner actions; titled 'Add Partners' in the limited view. */
export function PartnerActions({ title, directory }: { title: string; directory: DirectoryEntry[] }) {
  const [open, setOpen] = useState<'invite' | 'missing' | null>(null);
  return (
    <section className="card" aria-labelledby="partner-actions-title">
      <h2 id="partner-actions-title">{title}</h2>
      <p className="muted">Invite a member to collaborate, or tell us about a partner who is not in the network yet.</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => setOpen('invite')}>
          Invite Member
        </button>
        <button type="button" className="button button-secondary" onClick={() => setOpen('missing')}>
          Missing Partner
        </button>
      </div>
      {open === 'invite' && <InviteMemberModal directory={directory} onClose={() => setOpen(null)} />}
      {open === 'missing' && <MissingPartnerModal onClose={() => setOpen(null)} />}
    </section>
  );
}

import { useState } from 'react';
import { PROCESS_CHANGE_TYPES, type ProcessChangeSection } from '@casebridge/contracts';
import { ChangeRequestModal } from '../../companies/company-admin/ChangeRequestModal';

interface ContactButtonProps {
  section: ProcessChangeSection;
  /** The process the request is about, named in the prefilled description. */
  process: { id: number; name: string };
}

/**
 * Contact of one Process Details section: what only the provider changes (type, Applies To, fields, static text)
 * is asked for through a change request (POST admin/company/change) whose change type names the section.
 */
export function ContactButton({ section, process }: ContactButtonProps) {
  const [open, setOpen] = useState(false);
  const changeType = PROCESS_CHANGE_TYPES[section];
  return (
    <>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={`Contact about ${changeType.toLowerCase()}`}
        onClick={() => setOpen(true)}
      >
        Contact
      </button>
      {open && (
        <ChangeRequestModal
          changeType={changeType}
          changes={`Process: ${process.name} (#${process.id})\n\n`}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

import { CopyField } from '../../../ui/CopyField';

/** The read-only service-provider metadata address to give to IT, with a copy button. */
export function MetadataAddress({ url }: { url: string }) {
  return (
    <CopyField
      label="Service Provider Metadata"
      value={url}
      hint="Give this address to your IT team to register this portal with your identity provider."
    />
  );
}

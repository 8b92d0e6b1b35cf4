import { useState } from 'react';
import {
  CONNECT_SCOPES,
  CreateOAuthClientBody,
  type OAuthClientListResponse,
  type OAuthClientSecretResponse,
  type OAuthClientShape,
} from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { formatDateTimeUtc } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { invalidateEndpoints, queryErrorText, useApiQuery } from '../../lib/queries';
import { useServerForm } from '../../lib/use-server-form';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { CheckboxField, errorText, SelectField, TextField } from '../../ui/fields';
import { RequiredLegend } from '../../ui/RequiredNotes';
import { useConfirm } from '../../ui/modal-store';
import { SubmitActions } from '../../ui/SubmitActions';
import { OneTimeSecretModal } from './OneTimeSecretModal';
import { SCOPE_LABELS } from './labels';

/**
 * OAuth clients of the integration API (company admins): a client acts as one of the company's api users within
 * its scopes. Its secret is shown once, on creation and on rotation (the previous one works for a day more).
 */
export function OAuthClientsBox() {
  const confirm = useConfirm();
  const [secret, setSecret] = useState<OAuthClientSecretResponse | null>(null);
  const clients = useApiQuery(API.oauthClients.list);
  const changed = () => invalidateEndpoints(API.oauthClients.list);

  const rotateClient = useApiMutation(API.oauthClients.rotate, {
    loader: true,
    onSuccess: (answer) => {
      setSecret(answer);
      void changed();
    },
  });
  const revokeClient = useApiMutation(API.oauthClients.revoke, {
    loader: true,
    success: (answer) => answer.message ?? 'The OAuth client has been revoked.',
    onSuccess: () => void changed(),
  });
  const rotate = async (row: OAuthClientShape) => {
    const question = `Make a new secret for "${row.name}"? The current one keeps working for 24 hours.`;
    if (await confirm(question, { confirmLabel: 'Rotate' })) rotateClient.mutate({ params: { id: row.id } });
  };
  const revoke = async (row: OAuthClientShape) => {
    const question = `Revoke the OAuth client "${row.name}"? Its secrets and tokens stop working at once.`;
    if (await confirm(question, { confirmLabel: 'Revoke' })) revokeClient.mutate({ params: { id: row.id } });
  };

  const columns: DataColumn<OAuthClientShape>[] = [
    { key: 'name', header: 'Name', render: (row) => row.name },
    { key: 'client_id', header: 'Client ID', render: (row) => <code>{row.client_id}</code> },
    { key: 'scopes', header: 'Scopes', render: (row) => row.scopes.join(', ') },
    { key: 'user', header: 'Acts As', render: (row) => `${row.user.first_name} ${row.user.last_name}` },
    {
      key: 'last_used_at',
      header: 'Last Used',
      render: (row) => (row.last_used_at ? formatDateTimeUtc(row.last_used_at) : 'Never'),
    },
    {
      key: 'actions',
      header: 'Actions',
      className: 'cell-action',
      render: (row) => (
        <>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Rotate the secret of ${row.name}`}
            onClick={() => void rotate(row)}
          >
            Rotate Secret
          </button>{' '}
          <button
            type="button"
            className="button button-danger button-small"
            aria-label={`Revoke ${row.name}`}
            onClick={() => void revoke(row)}
          >
            Revoke
          </button>
        </>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="oauth-clients-title">
      <h2 id="oauth-clients-title">OAuth Clients</h2>
      <p className="muted">
        A CRM connector signs in to the Connect API (<code>/api/v1</code>) with a client ID and secret (OAuth 2.0 client
        credentials at <code>POST /api/v1/oauth/token</code>) and acts as the API user you choose, within its scopes.
      </p>
      {clients.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(clients.error)}
        </p>
      )}
      {clients.data && (
        <CreateOAuthClientForm
          apiUsers={clients.data.api_users}
          onCreated={(answer) => {
            setSecret(answer);
            void changed();
          }}
        />
      )}
      <DataTable
        caption="OAuth clients"
        columns={columns}
        rows={clients.data?.clients ?? []}
        rowKey={(row) => row.id}
        loading={clients.isPending}
        utcNote
        emptyText="No OAuth clients yet."
      />
      {secret && (
        <OneTimeSecretModal
          title={`Client Secret of ${secret.client.name}`}
          label={`Secret for client ID ${secret.client.client_id}`}
          secret={secret.client_secret}
          onClose={() => setSecret(null)}
        />
      )}
    </section>
  );
}

interface CreateOAuthClientFormProps {
  apiUsers: OAuthClientListResponse['api_users'];
  onCreated: (answer: OAuthClientSecretResponse) => void;
}

function CreateOAuthClientForm({ apiUsers, onCreated }: CreateOAuthClientFormProps) {
  const {
    register,
    reset,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(CreateOAuthClientBody, {
    fields: ['name', 'user_id', 'scopes'],
    fieldMap: { 'scopes.0': 'scopes' },
    defaultValues: { name: '', user_id: apiUsers.length === 1 ? apiUsers[0].id : '', scopes: ['cases:read'] },
  });
  const create = useApiMutation(API.oauthClients.create, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      reset();
      onCreated(answer);
    },
  });
  const onSubmit = submitWith((values) => create.mutateAsync({ body: values }));

  if (apiUsers.length === 0) {
    return (
      <p className="notice notice-warning">
        Your company has no active user of role API User yet. Create one under Admin, Users; a client acts as one.
      </p>
    );
  }
  const scopesError = errorText(errors.scopes as Parameters<typeof errorText>[0]);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create OAuth client">
      <RequiredLegend />
      <TextField label="Client Name" maxLength={100} aria-required error={errors.name} {...register('name')} />
      <SelectField
        label="Acts As (API User)"
        aria-required
        placeholder="Choose a user"
        options={apiUsers.map((user) => ({
          value: user.id,
          label: `${user.first_name} ${user.last_name} (${user.email})`,
        }))}
        error={errors.user_id}
        {...register('user_id')}
      />
      <fieldset className="field">
        <legend>Scopes</legend>
        {CONNECT_SCOPES.map((scope) => (
          <CheckboxField key={scope} label={SCOPE_LABELS[scope]} value={scope} {...register('scopes')} />
        ))}
        {scopesError && (
          <div className="field-error" role="alert">
            {scopesError}
          </div>
        )}
      </fieldset>
      <SubmitActions label="Create Client" busy={isSubmitting} />
    </form>
  );
}

import { useState } from 'react';
import {
  CreateApiTokenBody,
  type ApiTokenListResponse,
  type ApiTokenShape,
  type CreatedApiTokenResponse,
} from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { formatDateTimeUtc } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { invalidateEndpoints, queryErrorText, useApiQuery } from '../../lib/queries';
import { useServerForm } from '../../lib/use-server-form';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { SelectField, TextField } from '../../ui/fields';
import { RequiredLegend } from '../../ui/RequiredNotes';
import { useConfirm } from '../../ui/modal-store';
import { SubmitActions } from '../../ui/SubmitActions';
import { OneTimeSecretModal } from './OneTimeSecretModal';

/**
 * API tokens of the company's api users. Admins choose the api user; an api user makes tokens for itself.
 * The raw token is shown once, right after creation.
 */
export function ApiTokensBox({ isAdmin }: { isAdmin: boolean }) {
  const confirm = useConfirm();
  const [rawToken, setRawToken] = useState<string | null>(null);
  const tokens = useApiQuery(API.apiTokens.list);
  const changed = () => invalidateEndpoints(API.apiTokens.list);

  const revokeToken = useApiMutation(API.apiTokens.revoke, {
    loader: true,
    success: (answer) => answer.message ?? 'The API token has been revoked.',
    onSuccess: () => void changed(),
  });
  const revoke = async (row: ApiTokenShape) => {
    const question = `Revoke the API token "${row.name}"? Integrations using it stop working at once.`;
    if (!(await confirm(question, { confirmLabel: 'Revoke' }))) return;
    revokeToken.mutate({ params: { id: row.id } });
  };

  const columns: DataColumn<ApiTokenShape>[] = [
    { key: 'name', header: 'Name', render: (row) => row.name },
    {
      key: 'user',
      header: 'User',
      render: (row) => `${row.user.first_name} ${row.user.last_name} (${row.user.email})`,
    },
    { key: 'created_at', header: 'Created', render: (row) => formatDateTimeUtc(row.created_at) },
    {
      key: 'last_used_at',
      header: 'Last Used',
      render: (row) => (row.last_used_at ? formatDateTimeUtc(row.last_used_at) : 'Never'),
    },
    {
      key: 'revoke',
      header: 'Revoke',
      className: 'cell-action',
      render: (row) => (
        <button
          type="button"
          className="button button-danger button-small"
          aria-label={`Revoke ${row.name}`}
          onClick={() => void revoke(row)}
        >
          Revoke
        </button>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="api-tokens-title">
      <h2 id="api-tokens-title">API Tokens</h2>
      <p className="muted">
        An API token lets an integration call the REST API as a user of role API User. Send it as{' '}
        <code>Authorization: Bearer cbk_…</code>. Only a hash is stored: the token is shown once.
      </p>
      {tokens.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(tokens.error)}
        </p>
      )}
      {tokens.data && (
        <CreateApiTokenForm
          isAdmin={isAdmin}
          apiUsers={tokens.data.api_users}
          onCreated={(answer) => {
            setRawToken(answer.raw_token);
            void changed();
          }}
        />
      )}
      <DataTable
        caption="API tokens"
        columns={columns}
        rows={tokens.data?.tokens ?? []}
        rowKey={(row) => row.id}
        loading={tokens.isPending}
        utcNote
        emptyText="No API tokens yet."
      />
      {rawToken && (
        <OneTimeSecretModal
          title="New API Token"
          label="API token"
          secret={rawToken}
          onClose={() => setRawToken(null)}
        />
      )}
    </section>
  );
}

interface CreateApiTokenFormProps {
  isAdmin: boolean;
  apiUsers: ApiTokenListResponse['api_users'];
  onCreated: (answer: CreatedApiTokenResponse) => void;
}

function CreateApiTokenForm({ isAdmin, apiUsers, onCreated }: CreateApiTokenFormProps) {
  const {
    register,
    reset,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(CreateApiTokenBody, {
    fields: ['name', 'user_id'],
    // An api user sends no user (the token is its own); an admin with one api user has it chosen already.
    defaultValues: { name: '', user_id: isAdmin ? (apiUsers.length === 1 ? apiUsers[0].id : '') : null },
  });

  const create = useApiMutation(API.apiTokens.create, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      reset();
      onCreated(answer);
    },
  });
  const onSubmit = submitWith((values) => create.mutateAsync({ body: values }));

  if (isAdmin && apiUsers.length === 0) {
    return (
      <p className="notice notice-warning">
        Your company has no active user of role API User yet. Create one under Admin, Users, then make a token for it.
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create API token">
      <RequiredLegend />
      <TextField label="Token Name" maxLength={100} aria-required error={errors.name} {...register('name')} />
      {/* An admin names the api user; an api user's token is its own. */}
      {isAdmin && (
        <SelectField
          label="API User"
          aria-required
          placeholder="Choose a user"
          options={apiUsers.map((user) => ({
            value: user.id,
            label: `${user.first_name} ${user.last_name} (${user.email})`,
          }))}
          error={errors.user_id}
          {...register('user_id')}
        />
      )}
      <SubmitActions label="Create Token" busy={isSubmitting} />
    </form>
  );
}

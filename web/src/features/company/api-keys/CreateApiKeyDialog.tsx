import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type CreatedApiKey,
  createApiKeySchema,
} from '@portal/contracts/api-keys';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/lib/api-error.ts';
import { toast } from '@/shared/lib/toast.ts';
import { FormDialog } from '@/shared/ui/FormDialog.tsx';
import { useValidationMessage } from '@/shared/ui/use-validation-message.ts';
import { useCreateApiKey } from './api.ts';
import { SCOPE_KEYS } from './scope-keys.ts';

/** Name and scopes of a new key; on success the caller shows the key once. */
export function CreateApiKeyDialog({
  companyId,
  onCreated,
  onClose,
}: {
  companyId: string;
  onCreated: (created: CreatedApiKey) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiKey(companyId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [submitted, setSubmitted] = useState(false);
  const validationMessage = useValidationMessage();
  // The server's rule and message (SPEC §5: no special characters), checked before the request.
  const nameCheck = createApiKeySchema.shape.name.safeParse(name);
  const nameError = nameCheck.success
    ? null
    : (validationMessage(nameCheck.error.issues[0]?.message) ?? null);
  const scopesError = scopes.length === 0 ? t('company.apiKeys.scopesRequired') : null;

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) =>
      on
        ? API_KEY_SCOPES.filter((s) => s === scope || current.includes(s))
        : current.filter((s) => s !== scope),
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (nameError || scopesError) return;
    try {
      onCreated(await create.mutateAsync({ name: name.trim(), scopes }));
    } catch (error) {
      const key = error instanceof ApiError && error.messageKey;
      toast.error(key ? t(key) : t('company.apiKeys.createFailed'));
    }
  };

  return (
    <FormDialog
      title={t('company.apiKeys.create')}
      isDirty={name !== '' || scopes.join() !== 'read'}
      busy={create.isPending}
      submitLabel={t('company.apiKeys.createSubmit')}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          label={t('company.apiKeys.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={t('company.apiKeys.namePlaceholder')}
          autoComplete="off"
          required
          autoFocus
          fullWidth
          error={submitted && Boolean(nameError)}
          helperText={submitted ? nameError : null}
          slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX } }}
        />
        <FormControl error={submitted && Boolean(scopesError)} component="fieldset" variant="standard">
          <FormLabel component="legend">{t('company.apiKeys.scopes')}</FormLabel>
          <FormGroup>
            {API_KEY_SCOPES.map((scope) => (
              <FormControlLabel
                key={scope}
                control={
                  <Checkbox
                    checked={scopes.includes(scope)}
                    onChange={(event) => toggle(scope, event.target.checked)}
                  />
                }
                label={t(`company.apiKeys.scope.${SCOPE_KEYS[scope]}`)}
              />
            ))}
          </FormGroup>
          {submitted && scopesError && <FormHelperText>{scopesError}</FormHelperText>}
        </FormControl>
      </Stack>
    </FormDialog>
  );
}

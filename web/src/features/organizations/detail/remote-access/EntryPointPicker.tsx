import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConnectionState } from './ConnectionState.tsx';
import type { EntryPoint } from './entry-points.ts';
import { RemoteAccessChip } from './RemoteAccessChip.tsx';

/**
 * The entry points as radio options, each with its remote-access state; servers also with their connection,
 * and a disconnected server is shown but cannot be chosen (the reason is written under it).
 */
export function EntryPointPicker({
  entryPoints,
  value,
  siteNames,
  onChange,
}: {
  entryPoints: EntryPoint[];
  /** Site id → name, so servers of the same name can be told apart. */
  siteNames: ReadonlyMap<string, string>;
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-label={t('customers.remoteAccess.selectTitle')}
    >
      {entryPoints.map((point) => (
        <FormControlLabel
          key={point.id}
          value={point.id}
          control={<Radio />}
          disabled={!point.selectable}
          sx={{
            alignItems: 'flex-start',
            mx: 0,
            py: 1,
            borderBottom: 1,
            borderColor: 'divider',
            '& .MuiRadio-root': { mt: -0.75 },
            '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 },
          }}
          label={
            // Wide: the states line up on the right; narrow: they wrap, together, under the name.
            <Stack
              direction="row"
              sx={{
                alignItems: 'center',
                justifyContent: 'space-between',
                flexWrap: 'wrap',
                columnGap: 2,
                rowGap: 0.5,
              }}
            >
              <Stack sx={{ minWidth: 0 }}>
                <Typography>
                  {point.kind === 'portal' ? t('customers.remoteAccess.portal') : point.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {point.kind === 'portal'
                    ? point.name
                    : t('customers.remoteAccess.serviceHint', {
                        type: t(`customers.deviceType.${point.service.serviceType}`),
                        ip: point.service.ipAddressList[0] ?? '—',
                        site: siteNames.get(point.service.siteId ?? '') ?? '—',
                      })}
                </Typography>
                {!point.selectable && (
                  <Typography variant="body2" color="error">
                    {t('customers.remoteAccess.disconnectedReason')}
                  </Typography>
                )}
              </Stack>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
                {point.kind === 'service' && <ConnectionState connected={point.connected} />}
                <RemoteAccessChip remoteAccess={point.service.remoteAccess} />
              </Stack>
            </Stack>
          }
        />
      ))}
    </RadioGroup>
  );
}

import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { checkPassword } from '@portal/contracts/password-policy';
import { useTranslation } from 'react-i18next';

/** SPEC §5's live checklist under a new-password field: each rule turns green once it is met. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <Box id={id}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('auth.passwordRules.title')}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {checkPassword(password).map((rule) => (
          <Stack
            component="li"
            key={rule.id}
            direction="row"
            spacing={1}
            data-passed={rule.passed}
            sx={{ alignItems: 'center', color: rule.passed ? 'success.main' : 'text.secondary' }}
          >
            {rule.passed ? (
              <CheckCircle fontSize="small" aria-hidden="true" />
            ) : (
              <RadioButtonUnchecked fontSize="small" aria-hidden="true" />
            )}
            <Typography variant="body2" color="inherit">
              {t(`auth.passwordRules.${rule.id}`)}
              <Box component="span" sx={visuallyHidden}>
                {t('auth.passwordRules.ruleState', {
                  state: t(rule.passed ? 'auth.passwordRules.met' : 'auth.passwordRules.notMet'),
                })}
              </Box>
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  // Pixel strings: in sx a bare 1 would mean 100%.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

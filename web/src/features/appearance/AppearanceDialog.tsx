import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useColorScheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { DEFAULT_THEME_MODE, THEME_MODES, type ThemeMode } from '@/shared/theme/theme-preference.ts';
import { useGuardedClose } from '@/shared/ui/use-guarded-close.tsx';

const isThemeMode = (value: string): value is ThemeMode => (THEME_MODES as readonly string[]).includes(value);

/**
 * SPEC §2 Appearance: System, Light or Dark, with Cancel and Save; Save only when the choice differs.
 * Closing with a changed choice asks the leave confirmation first (SPEC §2), like every other form. Saving sets MUI's colour-scheme mode, which the shell stores under the portal's key.
 */
export function AppearanceDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { mode, setMode } = useColorScheme();
  const current: ThemeMode = mode ?? DEFAULT_THEME_MODE;
  // Null until the user picks: the current mode may still be settling when the dialog opens.
  const [picked, setPicked] = useState<ThemeMode | null>(null);
  const choice = picked ?? current;
  const { requestClose, confirmation } = useGuardedClose({ isDirty: choice !== current, onClose });

  const save = () => {
    setMode(choice);
    // SPEC §8 has both 'Save successfully!' and 'Saved successfully!': the first for this local preference.
    toast.success(t('appearance.saved'));
    onClose();
  };

  return (
    <>
      <Dialog open onClose={requestClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('appearance.title')}</DialogTitle>
        <DialogContent>
          <RadioGroup
            aria-labelledby={titleId}
            value={choice}
            onChange={(event) => {
              if (isThemeMode(event.target.value)) setPicked(event.target.value);
            }}
          >
            {THEME_MODES.map((option) => (
              <FormControlLabel
                key={option}
                value={option}
                control={<Radio />}
                label={t(`appearance.${option}`)}
              />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={requestClose}>{t('appearance.cancel')}</Button>
          <Button variant="contained" onClick={save} disabled={choice === current}>
            {t('appearance.save')}
          </Button>
        </DialogActions>
      </Dialog>
      {confirmation}
    </>
  );
}

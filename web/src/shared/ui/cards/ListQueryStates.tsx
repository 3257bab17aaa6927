import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

const SKELETON_KEYS = ['a', 'b', 'c'];

/** The part of a TanStack Query result a list's states read. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * What a list in a SectionCard shows before its rows: skeleton rows while it loads, the failure with "Retry",
 * or the sentence saying there is nothing yet.
 */
export function ListQueryStates({
  query,
  isEmpty,
  skeletonRows,
  loadFailed,
  retry,
  empty,
}: {
  query: ListQuery;
  isEmpty: boolean;
  /** One to three. */
  skeletonRows: 1 | 2 | 3;
  loadFailed: string;
  retry: string;
  empty: string;
}) {
  return (
    <>
      {query.isPending && (
        <Box sx={{ px: 3, pb: 2 }}>
          {SKELETON_KEYS.slice(0, skeletonRows).map((key) => (
            <Skeleton key={key} height={48} />
          ))}
        </Box>
      )}
      {query.isError && (
        <Alert
          severity="error"
          sx={{ mx: 2, mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {retry}
            </Button>
          }
        >
          {loadFailed}
        </Alert>
      )}
      {query.isSuccess && isEmpty && (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          {empty}
        </Typography>
      )}
    </>
  );
}

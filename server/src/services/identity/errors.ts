/** An error in Cognito's envelope: `{"__type", "message"}`, HTTP 400 unless it is a server fault. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
  }
}

/** The byte-exact messages of COGNITO.md §4. */
export const MESSAGES = {
  incorrectCredentials: 'Incorrect username or password.',
  passwordAttemptsExceeded: 'Password attempts exceeded',
  temporaryPasswordExpired: 'Temporary password has expired and must be reset by an administrator.',
  userDisabled: 'User is disabled.',
  cannotReset: 'User password cannot be reset in the current state.',
  sessionExpired: 'Invalid session for the user, session is expired.',
  userNotFound: 'User does not exist.',
  attemptLimit: 'Attempt limit exceeded, please try after some time.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
} as const;

export const notAuthorized = (message: string) => new CognitoError('NotAuthorizedException', message);
export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);
export const userNotFound = () => new CognitoError('UserNotFoundException', MESSAGES.userNotFound);
export const limitExceeded = () => new CognitoError('LimitExceededException', MESSAGES.attemptLimit);
/** Cognito's throttling error; AWS words it 'Rate exceeded' (amplify-js#3554). Clients retry it. */
export const tooManyRequests = () => new CognitoError('TooManyRequestsException', 'Rate exceeded');
export const resourceNotFound = (message: string) => new CognitoError('ResourceNotFoundException', message);
export const internalError = () => new CognitoError('InternalErrorException', 'Internal server error.', 500);

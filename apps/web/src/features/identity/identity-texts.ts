/** The Identity screen's words (the rules' messages are @app/domain's, which the server says too). */
export const IDENTITY_TEXTS = {
  title: 'Identity',
  intro:
    'Before money leaves your wallet, and before your deposits pass a total, we check who you are. Your document number is stored encrypted and only ever shown masked.',
  statusLabel: 'Status',
  loadFailed: 'Failed to fetch your identity details',
  submitFailed: 'Failed to submit your identity details',
  dateOfBirthFailed: 'Failed to save your date of birth',
  fullName: (documentName: string) => `Full name as on your ${documentName}`,
  documentNumber: (documentName: string) => `${documentName} number`,
  submit: 'Submit for review',
  submitting: 'Submitting…',
  dateOfBirthHeading: 'Your date of birth',
  dateOfBirthForm: 'Your date of birth',
  dateOfBirthNeeded:
    'Your account has no date of birth yet. Please add it before your next deposit; it is recorded once.',
  dateOfBirth: 'Date of birth',
  saveDateOfBirth: 'Save date of birth',
  submitted: 'Submitted',
  document: 'Document',
  name: 'Name',
  rejectedReason: 'Reason',
  pendingNote: 'We are checking your details. You can withdraw once they are verified.',
  verifiedNote: 'Your identity is verified.',
  depositNote: (threshold: string, deposited: string) =>
    `Deposits up to ${threshold} in total can be made before your identity is verified (so far: ${deposited}).`,
  link: 'Identity',
  verifyLink: 'Verify your identity',
} as const;

/**
 * The web's messages: every text of `texts.ts`, and the texts only the pages show (toasts, empty
 * states, confirmations, the room's device checks) that no Lambda sends. The web imports its MSG
 * from here; the functions import `texts.ts`, so that no Lambda bundles the pages' texts (decision 277).
 */
import { MSG as API_MSG } from './texts';

/** The pages' own texts (`web-texts.test.ts`: none repeats a key of `texts.ts`, which it would silently replace). */
export const PAGE_TEXTS = {
  // Validation (spec 1 section 5, spec 2 section 5)
  offerTitleDescriptionRequired: 'Title and Description are required',
  offerValidPrice: 'Enter a valid price',
  passwordsDoNotMatch: 'Passwords do not match',
  acceptTerms: 'Please accept the Terms & Conditions to continue',
  newPasswordsDoNotMatch: 'New passwords do not match',

  // Profile editing, the photo and the e-mail change (decisions 190 to 193).
  profileUpdateFailed: 'Error updating profile',
  avatarUploaded: 'Avatar uploaded successfully',
  avatarDeleted: 'Avatar deleted successfully',
  avatarUploadFailed: 'Error uploading avatar',
  avatarDeleteFailed: 'Error deleting avatar',

  // The expert's About tab calls it a photo (spec 2 sections 2 and 8); Photo updated is with the successes below.
  photoUploadFailed: 'Error uploading photo',
  passwordUpdateFailed: 'Error updating password',
  orderPaid: 'The payment is confirmed.',
  orderHistoryFailed: 'Unable to load order history.',
  problemsLoadFailed: 'Unable to load the reported orders.',
  problemConversationLoadFailed: 'Unable to load the conversation and file of this order.',

  // Session and authentication
  registrationMailSent: 'Registration successful. Please check your inbox to activate your account.',
  activationFailed: 'Activation failed',
  contactFailed: 'Something went wrong. Please try again later.',

  // Catalogue texts of spec 1 section 8
  fetchOffersFailed: 'Failed to fetch offers',
  searchFailed: 'Failed to perform search',
  expertNoOffers: 'This professor has no published offers yet.',
  favoritesUpdateFailed: 'Failed to update favorites.',
  favoritesLoadFailed: 'Failed to load favorite offers.',
  offerCreateFailed: 'An error occurred while creating the offer',
  earningsLoadFailed: 'Failed to load earnings',
  noEarningsYet: 'Nothing earned in the last 12 months yet: each order a student approves adds your share here.',
  withdrawalsLoadFailed: 'Failed to load withdrawals',
  offerLoadFailed: 'Failed to load offer',
  saveFailed: 'Failed to save',
  uploadFailed: 'Upload failed',
  onboardingFailed: 'Failed to start Stripe onboarding.',
  photoUpdated: 'Photo updated',

  // Chat texts of spec 2 section 8
  chatsLoadFailed: 'Failed to load chats',
  chatOfferLoadFailed: 'Failed to load offer details for chat creation',
  chatMessagesLoadFailed: 'Unable to load chat messages',
  chatCreateFailed: 'Unable to create chat.',
  markPaidFailed: 'Error marking chat as paid.',
  messageSendFailed: 'Unable to send the message.',
  selectChatFirst: 'Please select a chat or create a conversation first.',
  connectionLost: 'Server connection lost!',

  // Chat texts the spec does not give (docs/decisions.md, chat)
  chatArchived: 'This order is closed. You can still write here.',
  // A conversation not started yet: what the first message opens (decision 349).
  newConversationCallHint: 'Say what you would like to talk about. Once your message is sent, you can choose a time for the call here.',
  newConversationDeliveryHint: 'Describe what you need. Once your message is sent, you can order and pay here.',

  // Catalogue texts the spec does not give (docs/decisions.md, catalogue)
  offerArchived: 'This offer has been deleted.',

  // Offer pages and offer moderation (spec 2 section 8; the last ones the spec does not give)
  myOffersLoadFailed: 'Error loading your offers',
  statisticsLoadFailed: 'Failed to load statistics',
  offerDeleteFailed: 'Failed to delete offer',
  adminOffersLoadFailed: 'Error loading offers',
  adminStatisticsLoadFailed: 'Unable to load statistics.',
  offerApproveFailed: 'Error approving offer',
  offerRejectFailed: 'Error rejecting offer',
  noPendingOffers: 'No offers waiting for approval.',
  noOwnOffers: "You haven't created any offers yet.",
  deleteOfferConfirm: 'Are you sure you want to delete this offer?',
  deleteEntryConfirm: 'Delete this entry? It leaves your public profile at once.',
  rejectOfferConfirm: 'Are you sure you want to reject this offer? It will be deleted.',
  changesSaved: 'Changes Saved',

  // Catalogue empty states (spec 1 section 8)
  noResults: 'No results found',
  noExpertsFound: 'No experts found.',
  noReviews: 'No reviews yet',
  noBio: 'No bio provided yet.',
  noWorkExperience: 'No work experience added.',
  noEducation: 'No education added.',
  noServices: 'No services yet',
  noFavorites: "You haven't added any offers to favorites yet.",

  // Messages page (spec 2 section 2; the last four the spec does not give)
  loading: 'Loading...',
  untitledOffer: 'Untitled',
  noChatsYet: 'No conversations yet.',
  chooseChat: 'Select a conversation to read its messages.',
  noMessagesYet: 'No messages yet. Say hello!',
  messageSending: 'Sending...',

  // Reviews (spec 2 sections 5 and 8; the refusals and the thanks the spec does not give)
  reviewSaveFailed: 'Error submitting the review.',
  reviewNoOffer: 'No offer for this chat — unable to save the review.',

  // Order panel of the messages page (spec 2 section 8; the last ones the spec does not give)
  paymentSessionFailed: 'Failed to create payment session',
  cancelFailed: 'Failed to cancel the service',
  approveFailed: 'Error approving the project',
  revisionFailed: 'Error requesting revision',
  projectSubmitFailed: 'Error submitting the project',
  reviewFailed: 'Error submitting the review.',
  scheduleSaveFailed: "Couldn't save the selected time.",
  orderStepFailed: 'This step could not be saved. Please try again.',
  projectFileOpenFailed: 'The project file could not be opened. Please try again.',
  reviewThanks: 'Thank you for your review!',

  // Earnings and withdrawals (the money issue): the withdrawal form, the admin's decisions
  withdrawalDecisionFailed: 'The withdrawal could not be decided. Please try again.',

  // The admin's payments (the money issue)
  paymentsLoadFailed: 'Failed to load payments',
  reconciliationLoadFailed: 'Failed to load the reconciliation',
  reconciliationCheckFailed: 'The reconciliation could not be run. Please try again.',

  // The audit log of admin actions (the admin issue)
  auditLoadFailed: 'Unable to load the audit log.',

  // An admin changes their own authenticator secret (docs/decisions.md 211)
  secondFactorChangeFailed: 'The secret could not be changed. Please try again.',

  // Your data: export, self-delete, retention (issue 15; docs/decisions.md 166-169)
  deleteAccountLoadFailed: 'Your account could not be deleted. Please try again.',
  exportFailed: 'Your data could not be exported. Please try again.',

  // Reports of content and the admins' queue (the admin issue)
  reportFailed: 'The report could not be sent. Please try again.',
  reportsLoadFailed: 'Unable to load the reports.',
  reportResolveFailed: 'The report could not be resolved. Please try again.',

  // The admin's users (the admin issue)
  usersLoadFailed: 'Error loading users',
  userUpdateFailed: 'Error updating user',
  userDeleteFailed: 'Error deleting user',
  userRestoreFailed: 'Error restoring user',
  userCreateFailed: 'Error creating user',
  userVerifyFailed: 'Error changing the Verified badge',
  userOrdersLoadFailed: 'Unable to load this user’s orders.',

  // Notification preferences and sessions (issue 15: the Notifications tab, sessions and devices)
  notificationPreferencesLoadFailed: 'Failed to load your e-mail preferences',
  sessionsLoadFailed: 'Failed to load your sessions',
  signOutEverywhereConfirm: 'Sign out on every device, this one too? Enter your password.',

  // Bans and moderation with reasons (the admin issue)
  banFailed: 'Unable to ban the user.',
  unbanFailed: 'Unable to unban the user.',
  banPreviewFailed: 'Unable to load the orders this ban would refund.',

  // Bookings: availability and free slots (issue 25)
  availabilityNoHours: 'With no hours at all, students cannot book a session with you until you add some. They can still message you.',
  availabilityLoadFailed: 'Failed to load your hours',

  // Rooms of booked calls (issue 26)
  roomLoadFailed: 'Failed to load the room',
  roomPermissionRefused: 'Your browser did not allow the camera or microphone. Allow them for this site in its settings, then try again.',
  roomNoDevice: 'No camera or microphone was found. You can still join to see and hear the other side.',
  roomScreenShareFailed: 'Your screen could not be shared.',
  roomReconnecting: 'Reconnecting…',
  // Until the server has the page in the room: only then can a no-show be reported from it.
  roomJoining: 'Joining the room…',
  roomDevicesOpening: 'Opening your camera and microphone… Allow them if your browser asks.',
  roomMicrophoneOpening: 'Opening your microphone… Allow it if your browser asks.',
} as const;

export const MSG = { ...API_MSG, ...PAGE_TEXTS };

// Written by `npm run api:routes` from the API catalogue (catalogue.ts): do not edit by hand.
import type { apiCatalogue } from './catalogue';
import type { ApiRoute } from './route';

export type { ApiRoute, EndpointOfRoute } from './route';

type Catalogue = typeof apiCatalogue;

/** The method and path of each `apiCatalogue.drive` entry, for calls from the browser. */
export const driveRoutes = {
  about: { method: 'GET', path: '/drive/v1/about' } as ApiRoute<Catalogue['drive']['about']>,
  listFiles: { method: 'GET', path: '/drive/v1/files' } as ApiRoute<
    Catalogue['drive']['listFiles']
  >,
  createFile: { method: 'POST', path: '/drive/v1/files' } as ApiRoute<
    Catalogue['drive']['createFile']
  >,
  getFile: { method: 'GET', path: '/drive/v1/files/:id' } as ApiRoute<
    Catalogue['drive']['getFile']
  >,
  renameFile: { method: 'PATCH', path: '/drive/v1/files/:id' } as ApiRoute<
    Catalogue['drive']['renameFile']
  >,
  folderChains: { method: 'POST', path: '/drive/v1/files::folderChains' } as ApiRoute<
    Catalogue['drive']['folderChains']
  >,
  star: { method: 'POST', path: '/drive/v1/files::star' } as ApiRoute<Catalogue['drive']['star']>,
  unstar: { method: 'POST', path: '/drive/v1/files::unstar' } as ApiRoute<
    Catalogue['drive']['unstar']
  >,
  batchTrash: { method: 'POST', path: '/drive/v1/files::batchTrash' } as ApiRoute<
    Catalogue['drive']['batchTrash']
  >,
  batchUntrash: { method: 'POST', path: '/drive/v1/files::batchUntrash' } as ApiRoute<
    Catalogue['drive']['batchUntrash']
  >,
  batchDelete: { method: 'POST', path: '/drive/v1/files::batchDelete' } as ApiRoute<
    Catalogue['drive']['batchDelete']
  >,
  batchMove: { method: 'POST', path: '/drive/v1/files::batchMove' } as ApiRoute<
    Catalogue['drive']['batchMove']
  >,
  batchCopy: { method: 'POST', path: '/drive/v1/files::batchCopy' } as ApiRoute<
    Catalogue['drive']['batchCopy']
  >,
  emptyTrash: { method: 'PATCH', path: '/drive/v1/files/trash::empty' } as ApiRoute<
    Catalogue['drive']['emptyTrash']
  >,
};

/** The method and path of each `apiCatalogue.upload` entry, for calls from the browser. */
export const uploadRoutes = {
  tusServer: { method: 'OPTIONS', path: '/drive/v1/uploads' } as ApiRoute<
    Catalogue['upload']['tusServer']
  >,
  tusUploadServer: { method: 'OPTIONS', path: '/drive/v1/uploads/:id' } as ApiRoute<
    Catalogue['upload']['tusUploadServer']
  >,
  tusOffset: { method: 'HEAD', path: '/drive/v1/uploads/:id' } as ApiRoute<
    Catalogue['upload']['tusOffset']
  >,
  tusAppend: { method: 'PATCH', path: '/drive/v1/uploads/:id' } as ApiRoute<
    Catalogue['upload']['tusAppend']
  >,
  tusTerminate: { method: 'DELETE', path: '/drive/v1/uploads/:id' } as ApiRoute<
    Catalogue['upload']['tusTerminate']
  >,
  form: { method: 'POST', path: '/drive/v1/uploads/:id/form' } as ApiRoute<
    Catalogue['upload']['form']
  >,
  prove: { method: 'POST', path: '/drive/v1/files/:id(^[A-Za-z0-9_-]{1,64})::prove' } as ApiRoute<
    Catalogue['upload']['prove']
  >,
};

/** The method and path of each `apiCatalogue.share` entry, for calls from the browser. */
export const shareRoutes = {
  create: { method: 'POST', path: '/drive/v1/share' } as ApiRoute<Catalogue['share']['create']>,
  list: { method: 'GET', path: '/drive/v1/share/list' } as ApiRoute<Catalogue['share']['list']>,
  update: { method: 'PATCH', path: '/drive/v1/share/:share_id' } as ApiRoute<
    Catalogue['share']['update']
  >,
  batchDelete: { method: 'POST', path: '/drive/v1/share::batchDelete' } as ApiRoute<
    Catalogue['share']['batchDelete']
  >,
  open: { method: 'GET', path: '/drive/v1/share' } as ApiRoute<Catalogue['share']['open']>,
  detail: { method: 'GET', path: '/drive/v1/share/detail' } as ApiRoute<
    Catalogue['share']['detail']
  >,
  fileInfo: { method: 'GET', path: '/drive/v1/share/file_info' } as ApiRoute<
    Catalogue['share']['fileInfo']
  >,
  batchFileInfo: { method: 'POST', path: '/drive/v1/share::batch_file_info' } as ApiRoute<
    Catalogue['share']['batchFileInfo']
  >,
  zip: { method: 'POST', path: '/drive/v1/share::zip' } as ApiRoute<Catalogue['share']['zip']>,
  restore: { method: 'POST', path: '/drive/v1/share/restore' } as ApiRoute<
    Catalogue['share']['restore']
  >,
  report: { method: 'POST', path: '/audit.admin/v1/share' } as ApiRoute<
    Catalogue['share']['report']
  >,
  moderateShare: { method: 'PATCH', path: '/audit.admin/v1/shares/:share_id' } as ApiRoute<
    Catalogue['share']['moderateShare']
  >,
  moderateFile: { method: 'PATCH', path: '/audit.admin/v1/files/:file_id' } as ApiRoute<
    Catalogue['share']['moderateFile']
  >,
};

/** The method and path of each `apiCatalogue.moderation` entry, for calls from the browser. */
export const moderationRoutes = {
  queue: { method: 'GET', path: '/audit.admin/v1/reports' } as ApiRoute<
    Catalogue['moderation']['queue']
  >,
  decide: { method: 'POST', path: '/audit.admin/v1/decisions' } as ApiRoute<
    Catalogue['moderation']['decide']
  >,
  undo: { method: 'POST', path: '/audit.admin/v1/decisions::undo' } as ApiRoute<
    Catalogue['moderation']['undo']
  >,
  preview: { method: 'GET', path: '/audit.admin/v1/shares/:share_id/preview' } as ApiRoute<
    Catalogue['moderation']['preview']
  >,
};

/** The method and path of each `apiCatalogue.task` entry, for calls from the browser. */
export const taskRoutes = {
  list: { method: 'GET', path: '/drive/v1/tasks' } as ApiRoute<Catalogue['task']['list']>,
  get: { method: 'GET', path: '/drive/v1/tasks/:id' } as ApiRoute<Catalogue['task']['get']>,
  remove: { method: 'DELETE', path: '/drive/v1/tasks' } as ApiRoute<Catalogue['task']['remove']>,
  setPhase: { method: 'PATCH', path: '/drive/v1/tasks/:id' } as ApiRoute<
    Catalogue['task']['setPhase']
  >,
};

/** The method and path of each `apiCatalogue.offline` entry, for calls from the browser. */
export const offlineRoutes = {
  retry: { method: 'POST', path: '/drive/v1/task' } as ApiRoute<Catalogue['offline']['retry']>,
  checkUrls: { method: 'POST', path: '/drive/v1/resource/list' } as ApiRoute<
    Catalogue['offline']['checkUrls']
  >,
};

/** The method and path of each `apiCatalogue.event` entry, for calls from the browser. */
export const eventRoutes = {
  list: { method: 'GET', path: '/drive/v1/events' } as ApiRoute<Catalogue['event']['list']>,
};

/** The method and path of each `apiCatalogue.shield` entry, for calls from the browser. */
export const shieldRoutes = {
  captchaInit: { method: 'POST', path: '/v1/shield/captcha/init' } as ApiRoute<
    Catalogue['shield']['captchaInit']
  >,
  challenge: { method: 'GET', path: '/v1/shield/challenge' } as ApiRoute<
    Catalogue['shield']['challenge']
  >,
  challengeAsset: { method: 'GET', path: '/v1/shield/challenge/assets/*' } as ApiRoute<
    Catalogue['shield']['challengeAsset']
  >,
  solveChallenge: { method: 'POST', path: '/v1/shield/challenge/solve' } as ApiRoute<
    Catalogue['shield']['solveChallenge']
  >,
};

/** The method and path of each `apiCatalogue.access` entry, for calls from the browser. */
export const accessRoutes = {
  areaAccessible: { method: 'GET', path: '/access_controller/v1/area_accessible' } as ApiRoute<
    Catalogue['access']['areaAccessible']
  >,
  areaCountryCode: { method: 'GET', path: '/drive/v1/privilege/area_country_code' } as ApiRoute<
    Catalogue['access']['areaCountryCode']
  >,
};

/** The method and path of each `apiCatalogue.health` entry, for calls from the browser. */
export const healthRoutes = {
  liveness: { method: 'GET', path: '/healthz' } as ApiRoute<Catalogue['health']['liveness']>,
  readiness: { method: 'GET', path: '/readyz' } as ApiRoute<Catalogue['health']['readiness']>,
};

/** The method and path of each `apiCatalogue.content` entry, for calls from the browser. */
export const contentRoutes = {
  zip: { method: 'POST', path: '/drive/v1/files::zip' } as ApiRoute<Catalogue['content']['zip']>,
  get: { method: 'GET', path: '/content/v1/:token' } as ApiRoute<Catalogue['content']['get']>,
  head: { method: 'HEAD', path: '/content/v1/:token' } as ApiRoute<Catalogue['content']['head']>,
  getNamed: { method: 'GET', path: '/content/v1/:token/:name' } as ApiRoute<
    Catalogue['content']['getNamed']
  >,
  headNamed: { method: 'HEAD', path: '/content/v1/:token/:name' } as ApiRoute<
    Catalogue['content']['headNamed']
  >,
};

/** The method and path of each `apiCatalogue.mediaTracks` entry, for calls from the browser. */
export const mediaTracksRoutes = {
  list: { method: 'GET', path: '/drive/v1/files/:id/media_tracks' } as ApiRoute<
    Catalogue['mediaTracks']['list']
  >,
  shareList: { method: 'GET', path: '/drive/v1/share/media_tracks' } as ApiRoute<
    Catalogue['mediaTracks']['shareList']
  >,
  pick: { method: 'POST', path: '/drive/v1/files/:id/media_tracks::pick' } as ApiRoute<
    Catalogue['mediaTracks']['pick']
  >,
  getPreferences: { method: 'GET', path: '/drive/v1/media_preferences' } as ApiRoute<
    Catalogue['mediaTracks']['getPreferences']
  >,
  putPreferences: { method: 'PUT', path: '/drive/v1/media_preferences' } as ApiRoute<
    Catalogue['mediaTracks']['putPreferences']
  >,
  content: { method: 'GET', path: '/content/v1/tracks/:token' } as ApiRoute<
    Catalogue['mediaTracks']['content']
  >,
};

/** The method and path of each `apiCatalogue.video` entry, for calls from the browser. */
export const videoRoutes = {
  hls: { method: 'GET', path: '/content/v1/:token/hls/:name' } as ApiRoute<
    Catalogue['video']['hls']
  >,
};

/** The method and path of each `apiCatalogue.membership` entry, for calls from the browser. */
export const membershipRoutes = {
  vip: { method: 'GET', path: '/drive/v1/privilege/vip' } as ApiRoute<
    Catalogue['membership']['vip']
  >,
  redeemActivationCode: { method: 'POST', path: '/vip/v1/order/activation-code' } as ApiRoute<
    Catalogue['membership']['redeemActivationCode']
  >,
  invite: { method: 'POST', path: '/vip/v1/activity/invite' } as ApiRoute<
    Catalogue['membership']['invite']
  >,
  taskStatus: { method: 'GET', path: '/vip/v1/task/status' } as ApiRoute<
    Catalogue['membership']['taskStatus']
  >,
  reward: { method: 'POST', path: '/vip/v1/activity/rewardVip' } as ApiRoute<
    Catalogue['membership']['reward']
  >,
  invitePage: { method: 'GET', path: '/vip/v1/activity/inviteExtActivityPage' } as ApiRoute<
    Catalogue['membership']['invitePage']
  >,
  inviteCode: { method: 'GET', path: '/vip/v1/activity/inviteCode' } as ApiRoute<
    Catalogue['membership']['inviteCode']
  >,
  transferQuota: { method: 'GET', path: '/vip/v1/quantity/list' } as ApiRoute<
    Catalogue['membership']['transferQuota']
  >,
  compensate: { method: 'POST', path: '/vip/v1/activity/compensate' } as ApiRoute<
    Catalogue['membership']['compensate']
  >,
  verifyCaptcha: { method: 'POST', path: '/vip/v1/verifyRecaptchaToken' } as ApiRoute<
    Catalogue['membership']['verifyCaptcha']
  >,
  unsubscribe: { method: 'GET', path: '/mail/v1/unsubscribe' } as ApiRoute<
    Catalogue['membership']['unsubscribe']
  >,
  oneClickUnsubscribe: { method: 'POST', path: '/mail/v1/unsubscribe' } as ApiRoute<
    Catalogue['membership']['oneClickUnsubscribe']
  >,
  subscription: { method: 'GET', path: '/mail/v1/subscription' } as ApiRoute<
    Catalogue['membership']['subscription']
  >,
  subscribe: { method: 'POST', path: '/mail/v1/subscribe' } as ApiRoute<
    Catalogue['membership']['subscribe']
  >,
};

/** The method and path of each `apiCatalogue.payment` entry, for calls from the browser. */
export const paymentRoutes = {
  checkout: { method: 'POST', path: '/vip/v1/payment/checkout' } as ApiRoute<
    Catalogue['payment']['checkout']
  >,
  portal: { method: 'POST', path: '/vip/v1/payment/portal' } as ApiRoute<
    Catalogue['payment']['portal']
  >,
  cancelSubscription: { method: 'POST', path: '/vip/v1/payment/subscription/cancel' } as ApiRoute<
    Catalogue['payment']['cancelSubscription']
  >,
  resumeSubscription: { method: 'POST', path: '/vip/v1/payment/subscription/resume' } as ApiRoute<
    Catalogue['payment']['resumeSubscription']
  >,
  changeSubscription: { method: 'POST', path: '/vip/v1/payment/subscription/change' } as ApiRoute<
    Catalogue['payment']['changeSubscription']
  >,
  overview: { method: 'GET', path: '/vip/v1/payment/overview' } as ApiRoute<
    Catalogue['payment']['overview']
  >,
  stripeWebhook: { method: 'POST', path: '/vip/v1/payment/stripe/webhook' } as ApiRoute<
    Catalogue['payment']['stripeWebhook']
  >,
};

/** The method and path of each `apiCatalogue.statistics` entry, for calls from the browser. */
export const statisticsRoutes = {
  recordEvents: { method: 'POST', path: '/statistics/pub/event' } as ApiRoute<
    Catalogue['statistics']['recordEvents']
  >,
  downloadCounts: { method: 'GET', path: '/statistics/pub/download' } as ApiRoute<
    Catalogue['statistics']['downloadCounts']
  >,
  recordHelpVote: { method: 'POST', path: '/statistics/pub/help_vote' } as ApiRoute<
    Catalogue['statistics']['recordHelpVote']
  >,
};

/** The method and path of each `apiCatalogue.feedback` entry, for calls from the browser. */
export const feedbackRoutes = {
  send: { method: 'POST', path: '/drive/v1/feedback' } as ApiRoute<Catalogue['feedback']['send']>,
};

/** The method and path of each `apiCatalogue.siteConfig` entry, for calls from the browser. */
export const siteConfigRoutes = {
  values: { method: 'POST', path: '/config/v1/:scope' } as ApiRoute<
    Catalogue['siteConfig']['values']
  >,
};

/** The method and path of each `apiCatalogue.auth` entry, for calls from the browser. */
export const authRoutes = {
  verification: { method: 'POST', path: '/v1/auth/verification' } as ApiRoute<
    Catalogue['auth']['verification']
  >,
  verify: { method: 'POST', path: '/v1/auth/verification/verify' } as ApiRoute<
    Catalogue['auth']['verify']
  >,
  signUp: { method: 'POST', path: '/v1/auth/signup' } as ApiRoute<Catalogue['auth']['signUp']>,
  signIn: { method: 'POST', path: '/v1/auth/signin' } as ApiRoute<Catalogue['auth']['signIn']>,
  reset: { method: 'POST', path: '/v1/auth/reset' } as ApiRoute<Catalogue['auth']['reset']>,
  token: { method: 'POST', path: '/v1/auth/token' } as ApiRoute<Catalogue['auth']['token']>,
  revoke: { method: 'POST', path: '/v1/auth/revoke' } as ApiRoute<Catalogue['auth']['revoke']>,
};

/** The method and path of each `apiCatalogue.account` entry, for calls from the browser. */
export const accountRoutes = {
  profile: { method: 'GET', path: '/v1/user/me' } as ApiRoute<Catalogue['account']['profile']>,
  updateProfile: { method: 'PATCH', path: '/v1/user/me' } as ApiRoute<
    Catalogue['account']['updateProfile']
  >,
  uploadAvatar: { method: 'PUT', path: '/v1/user/me/avatar' } as ApiRoute<
    Catalogue['account']['uploadAvatar']
  >,
  removeAvatar: { method: 'DELETE', path: '/v1/user/me/avatar' } as ApiRoute<
    Catalogue['account']['removeAvatar']
  >,
  avatar: { method: 'GET', path: '/v1/user/avatar/:sha256' } as ApiRoute<
    Catalogue['account']['avatar']
  >,
  deletionTerms: { method: 'GET', path: '/v1/user/deletion' } as ApiRoute<
    Catalogue['account']['deletionTerms']
  >,
  requestDeletion: { method: 'POST', path: '/v1/user/deletion' } as ApiRoute<
    Catalogue['account']['requestDeletion']
  >,
  requestEmailChange: { method: 'POST', path: '/v1/user/email' } as ApiRoute<
    Catalogue['account']['requestEmailChange']
  >,
  confirmEmailChange: { method: 'POST', path: '/v1/user/email/verify' } as ApiRoute<
    Catalogue['account']['confirmEmailChange']
  >,
  sessions: { method: 'GET', path: '/v1/user/sessions' } as ApiRoute<
    Catalogue['account']['sessions']
  >,
  revokeSession: { method: 'DELETE', path: '/v1/user/sessions/:id' } as ApiRoute<
    Catalogue['account']['revokeSession']
  >,
  appPasswords: { method: 'GET', path: '/v1/user/app-passwords' } as ApiRoute<
    Catalogue['account']['appPasswords']
  >,
  createAppPassword: { method: 'POST', path: '/v1/user/app-passwords' } as ApiRoute<
    Catalogue['account']['createAppPassword']
  >,
  revokeAppPassword: { method: 'DELETE', path: '/v1/user/app-passwords/:id' } as ApiRoute<
    Catalogue['account']['revokeAppPassword']
  >,
  changePassword: { method: 'POST', path: '/v1/user/password' } as ApiRoute<
    Catalogue['account']['changePassword']
  >,
  twoFactorStatus: { method: 'GET', path: '/v1/user/two-factor' } as ApiRoute<
    Catalogue['account']['twoFactorStatus']
  >,
  twoFactorSetup: { method: 'POST', path: '/v1/user/two-factor/setup' } as ApiRoute<
    Catalogue['account']['twoFactorSetup']
  >,
  twoFactorConfirm: { method: 'POST', path: '/v1/user/two-factor/confirm' } as ApiRoute<
    Catalogue['account']['twoFactorConfirm']
  >,
  twoFactorDisable: { method: 'POST', path: '/v1/user/two-factor/disable' } as ApiRoute<
    Catalogue['account']['twoFactorDisable']
  >,
  recoveryCodes: { method: 'POST', path: '/v1/user/two-factor/recovery-codes' } as ApiRoute<
    Catalogue['account']['recoveryCodes']
  >,
};

/** The method and path of each `apiCatalogue.dataExport` entry, for calls from the browser. */
export const dataExportRoutes = {
  status: { method: 'GET', path: '/v1/user/export' } as ApiRoute<Catalogue['dataExport']['status']>,
  request: { method: 'POST', path: '/v1/user/export' } as ApiRoute<
    Catalogue['dataExport']['request']
  >,
  download: { method: 'GET', path: '/v1/user/export/:token' } as ApiRoute<
    Catalogue['dataExport']['download']
  >,
};

/** The method and path of each `apiCatalogue.oauth` entry, for calls from the browser. */
export const oauthRoutes = {
  openIdConfiguration: { method: 'GET', path: '/.well-known/openid-configuration' } as ApiRoute<
    Catalogue['oauth']['openIdConfiguration']
  >,
  authorizationServer: {
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
  } as ApiRoute<Catalogue['oauth']['authorizationServer']>,
  authorize: { method: 'POST', path: '/v1/user/authorize' } as ApiRoute<
    Catalogue['oauth']['authorize']
  >,
  authorizeRedirect: { method: 'GET', path: '/v1/user/authorize' } as ApiRoute<
    Catalogue['oauth']['authorizeRedirect']
  >,
  deviceCode: { method: 'POST', path: '/v1/auth/device/code' } as ApiRoute<
    Catalogue['oauth']['deviceCode']
  >,
  pendingDevice: { method: 'GET', path: '/v1/user/device' } as ApiRoute<
    Catalogue['oauth']['pendingDevice']
  >,
  decideDevice: { method: 'POST', path: '/v1/user/device' } as ApiRoute<
    Catalogue['oauth']['decideDevice']
  >,
};

/** The method and path of each `apiCatalogue.admin` entry, for calls from the browser. */
export const adminRoutes = {
  me: { method: 'GET', path: '/audit.admin/v1/me' } as ApiRoute<Catalogue['admin']['me']>,
  listRoles: { method: 'GET', path: '/audit.admin/v1/roles' } as ApiRoute<
    Catalogue['admin']['listRoles']
  >,
  grantRole: { method: 'POST', path: '/audit.admin/v1/roles::grant' } as ApiRoute<
    Catalogue['admin']['grantRole']
  >,
  revokeRole: { method: 'POST', path: '/audit.admin/v1/roles::revoke' } as ApiRoute<
    Catalogue['admin']['revokeRole']
  >,
  searchAudit: { method: 'GET', path: '/audit.admin/v1/audit_log' } as ApiRoute<
    Catalogue['admin']['searchAudit']
  >,
  dashboard: { method: 'GET', path: '/audit.admin/v1/dashboard' } as ApiRoute<
    Catalogue['admin']['dashboard']
  >,
  system: { method: 'GET', path: '/audit.admin/v1/system' } as ApiRoute<
    Catalogue['admin']['system']
  >,
  exportAudit: { method: 'GET', path: '/audit.admin/v1/audit_log::export' } as ApiRoute<
    Catalogue['admin']['exportAudit']
  >,
};

/** The method and path of each `apiCatalogue.adminMembers` entry, for calls from the browser. */
export const adminMembersRoutes = {
  search: { method: 'GET', path: '/audit.admin/v1/members' } as ApiRoute<
    Catalogue['adminMembers']['search']
  >,
  detail: { method: 'GET', path: '/audit.admin/v1/members/:user_id' } as ApiRoute<
    Catalogue['adminMembers']['detail']
  >,
  block: { method: 'POST', path: '/audit.admin/v1/members/:user_id/block' } as ApiRoute<
    Catalogue['adminMembers']['block']
  >,
  unblock: { method: 'POST', path: '/audit.admin/v1/members/:user_id/unblock' } as ApiRoute<
    Catalogue['adminMembers']['unblock']
  >,
  signOut: { method: 'POST', path: '/audit.admin/v1/members/:user_id/sign_out' } as ApiRoute<
    Catalogue['adminMembers']['signOut']
  >,
  premium: { method: 'POST', path: '/audit.admin/v1/members/:user_id/premium' } as ApiRoute<
    Catalogue['adminMembers']['premium']
  >,
  resetTwoFactor: {
    method: 'POST',
    path: '/audit.admin/v1/members/:user_id/reset_two_factor',
  } as ApiRoute<Catalogue['adminMembers']['resetTwoFactor']>,
  resendVerification: {
    method: 'POST',
    path: '/audit.admin/v1/members/:user_id/resend_verification',
  } as ApiRoute<Catalogue['adminMembers']['resendVerification']>,
  requestDeletion: { method: 'POST', path: '/audit.admin/v1/members/:user_id/delete' } as ApiRoute<
    Catalogue['adminMembers']['requestDeletion']
  >,
};

/** The method and path of each `apiCatalogue.adminSettings` entry, for calls from the browser. */
export const adminSettingsRoutes = {
  listSettings: { method: 'GET', path: '/audit.admin/v1/settings' } as ApiRoute<
    Catalogue['adminSettings']['listSettings']
  >,
  updateSetting: { method: 'POST', path: '/audit.admin/v1/settings::update' } as ApiRoute<
    Catalogue['adminSettings']['updateSetting']
  >,
  settingHistory: { method: 'GET', path: '/audit.admin/v1/settings/history' } as ApiRoute<
    Catalogue['adminSettings']['settingHistory']
  >,
  revertSetting: { method: 'POST', path: '/audit.admin/v1/settings::revert' } as ApiRoute<
    Catalogue['adminSettings']['revertSetting']
  >,
};

/** The method and path of each `apiCatalogue.adminCompensations` entry, for calls from the browser. */
export const adminCompensationsRoutes = {
  listCompensations: { method: 'GET', path: '/audit.admin/v1/compensations' } as ApiRoute<
    Catalogue['adminCompensations']['listCompensations']
  >,
  compensationClaims: {
    method: 'GET',
    path: '/audit.admin/v1/compensations/:type/claims',
  } as ApiRoute<Catalogue['adminCompensations']['compensationClaims']>,
};

/** The method and path of each `apiCatalogue.activationCodes` entry, for calls from the browser. */
export const activationCodesRoutes = {
  mintBatch: { method: 'POST', path: '/audit.admin/v1/code_batches' } as ApiRoute<
    Catalogue['activationCodes']['mintBatch']
  >,
  listBatches: { method: 'GET', path: '/audit.admin/v1/code_batches' } as ApiRoute<
    Catalogue['activationCodes']['listBatches']
  >,
  batchCodes: { method: 'GET', path: '/audit.admin/v1/codes' } as ApiRoute<
    Catalogue['activationCodes']['batchCodes']
  >,
  exportBatch: { method: 'GET', path: '/audit.admin/v1/codes::export' } as ApiRoute<
    Catalogue['activationCodes']['exportBatch']
  >,
  revokeBatch: { method: 'POST', path: '/audit.admin/v1/code_batches::revoke' } as ApiRoute<
    Catalogue['activationCodes']['revokeBatch']
  >,
};

/** The route table by area, like `apiCatalogue`. */
export const apiRoutes = {
  drive: driveRoutes,
  upload: uploadRoutes,
  share: shareRoutes,
  moderation: moderationRoutes,
  task: taskRoutes,
  offline: offlineRoutes,
  event: eventRoutes,
  shield: shieldRoutes,
  access: accessRoutes,
  health: healthRoutes,
  content: contentRoutes,
  mediaTracks: mediaTracksRoutes,
  video: videoRoutes,
  membership: membershipRoutes,
  payment: paymentRoutes,
  statistics: statisticsRoutes,
  feedback: feedbackRoutes,
  siteConfig: siteConfigRoutes,
  auth: authRoutes,
  account: accountRoutes,
  dataExport: dataExportRoutes,
  oauth: oauthRoutes,
  admin: adminRoutes,
  adminMembers: adminMembersRoutes,
  adminSettings: adminSettingsRoutes,
  adminCompensations: adminCompensationsRoutes,
  activationCodes: activationCodesRoutes,
};

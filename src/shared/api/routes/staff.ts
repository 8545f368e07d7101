import { route } from '../route-table';

/** The team's accounts and sessions, its members, its audit trail (server/modules/staff). */
export const STAFF = {
  postStaffLogin: route({ method: 'POST', path: '/api/staff/login', summary: 'Team: log in', schemas: () => import('../staff').then((m) => ({ body: m.staffLoginBodySchema, answer: m.staffMeSchema })) }),
  postStaffLogout: route({ method: 'POST', path: '/api/staff/logout', summary: 'Team: log out', schemas: () => import('../auth').then((m) => ({ answer: m.messageSchema })) }),
  getStaffMe: route({ method: 'GET', path: '/api/staff/me', summary: 'Team: who is logged in, and the second factor’s step left (pending)', schemas: () => import('../staff').then((m) => ({ answer: m.staffMeSchema })) }),
  postStaffSecondFactorVerify: route({ method: 'POST', path: '/api/staff/second-factor/verify', summary: 'Team: the login’s second step (a TOTP code or a recovery code)', schemas: () => import('../staff').then((m) => ({ body: m.staffCodeBodySchema, answer: m.staffMeSchema })) }),
  postStaffSecondFactorEnrolment: route({ method: 'POST', path: '/api/staff/second-factor/enrolment', summary: 'Team: a new TOTP secret to enrol (QR code), for an admin without one', schemas: () => import('../staff').then((m) => ({ answer: m.staffEnrolmentSchema })) }),
  postStaffSecondFactorEnrolmentConfirm: route({ method: 'POST', path: '/api/staff/second-factor/enrolment/confirm', summary: 'Team: the enrolment confirmed by a code; answers the recovery codes, once', schemas: () => import('../staff').then((m) => ({ body: m.staffCodeBodySchema, answer: m.staffEnrolledSchema })) }),
  postStaffPassword: route({ method: 'POST', path: '/api/staff/password', summary: 'Team: set a password through a one-time link', schemas: () => import('../staff').then((m) => ({ body: m.staffPasswordBodySchema, answer: m.staffMeSchema })) }),
  getStaffMembers: route({ method: 'GET', path: '/api/staff/members', summary: 'Team: the members', schemas: () => import('../staff').then((m) => ({ answer: m.staffMembersSchema })) }),
  postStaffMembers: route({ method: 'POST', path: '/api/staff/members', summary: 'Team: invite a member', status: 201, schemas: () => import('../staff').then((m) => ({ body: m.staffInviteBodySchema, answer: m.staffInvitedSchema })) }),
  patchStaffMembersById: route({ method: 'PATCH', path: '/api/staff/members/:id', summary: 'Team: change roles, disable or enable a member', schemas: () => import('../staff').then((m) => ({ params: m.staffIdParamsSchema, body: m.staffMemberPatchSchema, answer: m.staffMemberSchema })) }),
  postStaffMembersByIdLink: route({ method: 'POST', path: '/api/staff/members/:id/link', summary: 'Team: send a member a new one-time link (it replaces the earlier ones)', schemas: () => import('../staff').then((m) => ({ params: m.staffIdParamsSchema, answer: m.staffLinkSchema })) }),
  postStaffMembersByIdSecondFactorReset: route({ method: 'POST', path: '/api/staff/members/:id/second-factor/reset', summary: 'Team: remove a member’s second factor (a lost phone); they enrol again at their next login', schemas: () => import('../staff').then((m) => ({ params: m.staffIdParamsSchema, answer: m.staffMemberSchema })) }),
  getStaffAudit: route({ method: 'GET', path: '/api/staff/audit', summary: 'Team: the audit trail of a day', schemas: () => import('../staff').then((m) => ({ query: m.staffDateQuerySchema, answer: m.auditSchema })) }),
  postStaffOrdersByIdPaperVouchersConfirm: route({ method: 'POST', path: '/api/staff/orders/:id/paper-vouchers/confirm', summary: 'Team: the paper vouchers of an order were received (credits the excess to the pool)' }),
};

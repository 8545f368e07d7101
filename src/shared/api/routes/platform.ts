import { route } from '../route-table';

/** What every client needs of the API itself: the anti-forgery cookie, this reference. */
export const PLATFORM = {
  getCsrfCookie: route({ method: 'GET', path: '/api/csrf-cookie', summary: 'Refresh the anti-forgery cookie' }),
  getOpenapiJson: route({ method: 'GET', path: '/api/openapi.json', summary: 'This reference as an OpenAPI 3.1 document' }),
  getDocs: route({ method: 'GET', path: '/api/docs', summary: 'This reference as an HTML page' }),
  getDocsCss: route({ method: 'GET', path: '/api/docs.css', summary: 'The stylesheet of the HTML reference' }),
};

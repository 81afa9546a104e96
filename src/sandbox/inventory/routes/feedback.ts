/** /v1/feedback: list, get, create, update and delete. */
import { feedbackSchema } from '../../../api/rules.js';
import { HttpFail } from '../../http.js';
import type { Account } from '../account.js';
import { collection } from '../collection.js';
import { feedbackRecord } from '../records.js';
import { parse, type AddRoute } from './route-base.js';

/** Registers the feedback routes. */
export function feedbackRoutes(route: AddRoute, account: Account): void {
  const { state } = account;
  route('GET', '/v1/feedbacks', (req) =>
    collection(req, Object.keys(state.feedback), (id) => feedbackRecord(state.feedback[id]!, req.origin), 'feedbacks'),
  );
  const feedbackFound = (id: string) => {
    const found = state.feedback[id];
    if (!found) throw new HttpFail(404, `feedback "${id}" not found`);
    return found;
  };
  const storeFeedback = (id: string, body: unknown, origin: string) => {
    const input = parse(feedbackSchema, body);
    const record = {
      id,
      venueId: input.venueId,
      orderId: input.orderId ?? null,
      date: input.date,
      rating: input.rating ?? null,
      comments: input.comments ?? null,
      buyer: input.buyer ?? null,
    };
    account.putFeedback(record);
    return feedbackRecord(record, origin);
  };
  route('GET', '/v1/feedback/:id', (req) => feedbackRecord(feedbackFound(req.params.id!), req.origin));
  route('POST', '/v1/feedback', (req) => {
    const input = parse(feedbackSchema, req.body);
    const id = `${input.venueId}-${input.orderId ?? `N${account.nextFeedbackNumber()}`}`;
    if (state.feedback[id])
      throw new HttpFail(409, `feedback "${id}" already exists: update it with PUT /v1/feedback/${id}`);
    return storeFeedback(id, req.body, req.origin);
  });
  route('POST', '/v1/feedback/:id', (req) => storeFeedback(req.params.id!, req.body, req.origin));
  route('PUT', '/v1/feedback/:id', (req) => storeFeedback(feedbackFound(req.params.id!).id, req.body, req.origin));
  route('DELETE', '/v1/feedback/:id', (req) => {
    const record = feedbackRecord(feedbackFound(req.params.id!), req.origin);
    account.deleteFeedback(record.id);
    return record;
  });
}

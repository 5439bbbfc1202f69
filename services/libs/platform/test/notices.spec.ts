/**
 * hearEveryNotice on a real NATS server: every listener hears every notice (each replica keeps its
 * own cache), an unreadable notice counts as lost, and nothing is heard after stopping.
 */
import { randomBytes } from 'node:crypto';

const namespace = `t-notices-${randomBytes(4).toString('hex')}`;
process.env.BUS_NAMESPACE = namespace;
const natsUrl = process.env.TEST_NATS_URL || 'nats://127.0.0.1:4222';
const { connectNats, eventSubject, hearEveryNotice } = await import('../src/index.js');

test('two listeners both hear each notice; an unreadable one is lost; a stopped listener hears nothing', async () => {
  const [publisher, one, other] = await Promise.all([connectNats(natsUrl, 'pub'), connectNats(natsUrl, 'one'), connectNats(natsUrl, 'other')]);
  try {
    const heard: Record<string, string[]> = { one: [], other: [] };
    let lost = 0;
    const stopOne = hearEveryNotice(one, 'catalogue.changed', ({ part }) => heard.one.push(part), () => (lost += 1));
    const stopOther = hearEveryNotice(other, 'catalogue.changed', ({ part }) => heard.other.push(part), () => undefined);
    await Promise.all([one.flush(), other.flush()]);
    // The server has routed what the publisher sent once it answers the publisher's ping, and a
    // listener's pong comes after whatever was routed to it before: past both, every notice sent
    // has reached its (synchronous) callback, or never will.
    const delivered = async () => {
      await publisher.flush();
      await Promise.all([one.flush(), other.flush()]);
    };

    const notice = (part: string) => JSON.stringify({ id: randomBytes(4).toString('hex'), event: 'catalogue.changed', at: new Date().toISOString(), payload: { part } });
    publisher.publish(eventSubject('catalogue.changed'), notice('trends'));
    publisher.publish(eventSubject('catalogue.changed'), 'not json');
    await delivered();
    expect(heard).toEqual({ one: ['trends'], other: ['trends'] });
    expect(lost).toBe(1);

    stopOne();
    publisher.publish(eventSubject('catalogue.changed'), notice('voting'));
    await delivered();
    expect(heard).toEqual({ one: ['trends'], other: ['trends', 'voting'] });
    stopOther();
  } finally {
    await Promise.all([publisher.close(), one.close(), other.close()]);
  }
});

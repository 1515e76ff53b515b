package io.dynoscope.testsupport;

import io.dynoscope.repository.DynamoRepository;

/** A repository that passes every call to another; tests override the calls they watch or break. */
public class ForwardingRepository extends io.dynoscope.repository.ForwardingRepository {

    public ForwardingRepository(DynamoRepository delegate) {
        super(delegate);
    }
}

import Testing

@Test func placeholderMotionTests() {}

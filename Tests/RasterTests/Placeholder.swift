import Testing

@Test func placeholderRasterTests() {}

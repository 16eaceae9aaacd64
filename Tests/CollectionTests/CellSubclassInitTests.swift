import Testing
import UIKit

// Collection cells written as on iOS — `override init(frame:)` with `required init?(coder:)`, or no
// initializers — compile unchanged and are made by registration through their own `init(frame:)`.

private final class ThumbnailCell: UICollectionViewCell {
    let imageView = UIImageView()
    private(set) var madeBy = ""
    override init(frame: CGRect) {
        super.init(frame: frame)
        madeBy = "init(frame:)"
        contentView.addSubview(imageView)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

private final class HeaderView: UICollectionReusableView {
    var title = "header"
}

private final class Source: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "thumb", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    }
}

@Suite struct CollectionCellSubclassInitTests {
    @Test func registeredSubclassesAreMadeThroughTheirOwnInitializers() {
        let layout = UICollectionViewFlowLayout()
        layout.headerReferenceSize = CGSize(width: 100, height: 40)
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 393, height: 600), collectionViewLayout: layout)
        collection.register(ThumbnailCell.self, forCellWithReuseIdentifier: "thumb")
        collection.register(HeaderView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                            withReuseIdentifier: "header")
        let source = Source()
        collection.dataSource = source
        collection.layoutIfNeeded()
        let cell = collection.cellForItem(at: IndexPath(item: 0, section: 0)) as? ThumbnailCell
        #expect(cell?.madeBy == "init(frame:)")
        #expect(cell?.reuseIdentifier == "thumb")
        #expect(cell?.imageView.superview === cell?.contentView)
        let header = collection.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                  at: IndexPath(item: 0, section: 0)) as? HeaderView
        #expect(header?.title == "header")
        #expect(header?.reuseIdentifier == "header")
    }
}
